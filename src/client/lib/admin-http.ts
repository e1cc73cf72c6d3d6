import { adminEndpoints } from '#shared/admin-endpoints.ts'
import { absoluteLink, addEndpoints, api } from './http'

/**
 * The typed client for the admin screens: the same typed call as http.ts, once the admin rows of the
 * endpoint table are known to it. Only the features' `admin/api.ts` modules import this, so the rows
 * load with /admin.
 */
addEndpoints(adminEndpoints)

export const adminApi = api
export const adminLink = absoluteLink
