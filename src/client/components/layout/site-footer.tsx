import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function SiteFooter() {
  const { t } = useLingui()
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p>
          <Trans>© Streamdeals — paid missions for streamers</Trans>
        </p>
        <nav aria-label={t`Footer`} className="footer-nav">
          <Link to="/faq">
            <Trans>FAQ</Trans>
          </Link>
          <Link to="/terms">
            <Trans>Terms</Trans>
          </Link>
        </nav>
      </div>
    </footer>
  )
}
