import { Trans } from '@lingui/react/macro'
import { CLICK_RULES } from '#client/features/deals/mission-terms.ts'

/**
 * What counts as a valid click and what does not, in a streamer's words: the server's click checks
 * (server/features/deals/deal-clicks.ts, click-fraud.ts, click-identity.ts) as they apply to a viewer.
 */
export function ClickRules() {
  const { repeatWindowHours: hours, addressDailyCap: cap, ownerAddressHours, perMinuteLimit } = CLICK_RULES
  return (
    <div className="click-rules" data-testid="preview-eligibility">
      <div className="click-rules-group click-rules-yes">
        <h3>
          <Trans>Counts</Trans>
        </h3>
        <ul>
          <li>
            <Trans>
              A viewer opens your tracked link in their browser while your deal is in progress and the mission
              is open.
            </Trans>
          </li>
          <li>
            <Trans>
              One valid click per viewer every {hours} hours. A household or a phone counts as one viewer: the
              network is what counts, not the browser or the device.
            </Trans>
          </li>
          <li>
            <Trans>Viewers are always sent on to the brand’s page, whether their click counts or not.</Trans>
          </li>
        </ul>
      </div>
      <div className="click-rules-group click-rules-no">
        <h3>
          <Trans>Does not count</Trans>
        </h3>
        <ul>
          <li>
            <Trans>
              Your own clicks: signed in as you, or from a network you signed in from in the last{' '}
              {ownerAddressHours} hours.
            </Trans>
          </li>
          <li>
            <Trans>The same viewer again within {hours} hours.</Trans>
          </li>
          <li>
            <Trans>Bots, scripts and link previews (chat apps, Discord, search engines).</Trans>
          </li>
          <li>
            <Trans>
              More than {cap} valid clicks from one network in a day, across every streamer’s deals.
            </Trans>
          </li>
          <li>
            <Trans>More than {perMinuteLimit} clicks a minute from one network.</Trans>
          </li>
          <li>
            <Trans>
              Clicks before the mission starts, after it ends or its budget runs out, or once you stop the
              deal.
            </Trans>
          </li>
        </ul>
      </div>
      <p className="muted click-rules-note">
        <Trans>
          A sudden burst of clicks puts the deal under review: its earnings stay pending until the team has
          checked them, and clicks found to be bought are not paid.
        </Trans>
      </p>
    </div>
  )
}
