import { mediaUrl } from '#client/lib/media.ts'
import type { Provider } from '#shared/contract/deals.ts'

/**
 * A brand's name with its logo before it when it has one. The logo is decorative (`alt=""`): the
 * name beside it says whose it is. Width and height reserve its box before it loads.
 */
export function ProviderName({
  provider,
  size = 20,
}: {
  provider: Pick<Provider, 'name' | 'logo'>
  size?: number
}) {
  return (
    <span className="provider-name">
      {provider.logo ? (
        <img
          src={mediaUrl(provider.logo)}
          alt=""
          width={size}
          height={size}
          className="provider-logo"
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {provider.name}
    </span>
  )
}
