import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ImageField } from '#client/components/ui/image-field.tsx'
import { mediaUrl } from '#client/lib/media.ts'
import type { MediaObject } from '#shared/contract/common.ts'

/** The picture a file stands for while it is chosen (released when another is chosen or the form goes). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return setUrl(null)
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

/** The mission's thumbnail: the saved one shown, the chosen one previewed before it is saved. */
export function ThumbnailField({
  current,
  file,
  onFile,
}: {
  current: MediaObject | null
  file: File | null
  onFile: (file: File | null) => void
}) {
  const { t } = useLingui()
  const preview = usePreview(file)
  const shown = preview ?? (current ? mediaUrl(current) : null)
  return (
    <div className="thumbnail-field">
      {shown ? (
        <figure className="thumbnail-current">
          <img
            src={shown}
            alt={t`Mission thumbnail`}
            width={320}
            height={180}
            data-testid="mission-thumbnail"
          />
          <figcaption className="field-hint">
            {preview ? <Trans>Chosen: saved with the draft.</Trans> : <Trans>The saved thumbnail.</Trans>}
          </figcaption>
        </figure>
      ) : null}
      <ImageField
        label={current || preview ? t`Replace the thumbnail (image, 16:9)` : t`Thumbnail (image, 16:9)`}
        hint={t`JPEG, PNG or WebP, 1280×720 looks sharp everywhere.`}
        onFile={onFile}
      />
    </div>
  )
}
