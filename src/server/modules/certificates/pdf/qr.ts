import QRCode from "qrcode";

/** The dark modules of a QR code of `text` (error correction M), as a square grid. */
export function qrModules(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}
