import type { Browser } from '@playwright/test'

/**
 * RGBA pixels of a PNG, decoded by the browser in a blank page of its own (no app, so no content
 * security policy to refuse the data URL; no second tab in a context to take the focus from its page).
 */
export async function pixelsOf(browser: Browser, png: Buffer) {
  const page = await browser.newPage()
  const image = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(bitmap, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    // Base64 crosses to the test far faster than a JSON array of four million numbers.
    let binary = ''
    for (let start = 0; start < data.length; start += 0x8000) {
      binary += String.fromCharCode(...data.subarray(start, start + 0x8000))
    }
    return { pixels: btoa(binary), width, height }
  }, png.toString('base64'))
  await page.close()
  return {
    data: new Uint8ClampedArray(Buffer.from(image.pixels, 'base64')),
    width: image.width,
    height: image.height,
  }
}
