import { Trans } from '@lingui/react/macro'
import { promptInstall, useInstallAvailable } from '#client/lib/offline/install-prompt.ts'

/** "Install the app": only when the browser offers it, never inside the installed app itself. */
export function InstallButton() {
  const available = useInstallAvailable()
  if (!available) return null
  return (
    <button type="button" className="button button-ghost install-button" onClick={() => void promptInstall()}>
      <Trans>Install the app</Trans>
    </button>
  )
}
