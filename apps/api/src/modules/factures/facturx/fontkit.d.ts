// fontkit (the font engine of pdfkit) ships no types: the one call Factur-X makes.
declare module 'fontkit' {
  /** A parsed font; pdfkit's registerFont takes it as it is (it has `layout`). */
  interface Font {
    layout(text: string): unknown;
    postscriptName: string;
  }
  export function create(buffer: Uint8Array): Font;
}
