/** PNG (at twice the size, for sharp prints and slides) or JPG of the plain SVG, drawn on a canvas. */
export async function rasterise(svg: { svg: string; width: number; height: number }, format: 'png' | 'jpg', scale = 2) {
  const url = URL.createObjectURL(new Blob([svg.svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn'));
      img.src = url;
    });
    // Browsers refuse canvases much beyond 16 000 px a side.
    const k = Math.min(scale, 16000 / Math.max(svg.width, svg.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(svg.width * k);
    canvas.height = Math.ceil(svg.height * k);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const type = format === 'png' ? 'image/png' : 'image/jpeg';
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(`no ${format} from the canvas`))), type, 0.92),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
