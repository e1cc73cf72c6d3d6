/**
 * The catalogue's admin writes and views that the brand portal reuses rather than copies: saving a
 * mission (with its audit entry), an uploaded image, the admin mission list, a provider's view and
 * the slug and localized-text helpers.
 */

export { listAdminMissions, providerView, slugOf, storedText } from './admin-catalogue-repository'
export { saveMission } from './admin-catalogue-writes'
export { uploadedImage } from './media-upload'
