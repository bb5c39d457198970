/** Types of the JsBarcode ES module sources that draw-barcode.ts uses (the package types only its CommonJS entry). */
interface JsBarcodeOptions {
  width: number;
  height: number;
  format: string;
  displayValue: boolean;
  fontOptions: string;
  font: string;
  text: string | undefined;
  textAlign: string;
  textPosition: string;
  textMargin: number;
  fontSize: number;
  background: string;
  lineColor: string;
  margin: number;
  marginTop: number | undefined;
  marginBottom: number | undefined;
  marginLeft: number | undefined;
  marginRight: number | undefined;
  valid: () => void;
}
interface JsBarcodeEncoding {
  data: string;
  text: string;
  options?: Partial<JsBarcodeOptions>;
}
interface JsBarcodeEncoder {
  valid(): boolean;
  encode(): JsBarcodeEncoding | JsBarcodeEncoding[];
}
type JsBarcodeEncoderClass = new (data: string, options: JsBarcodeOptions) => JsBarcodeEncoder;

declare module 'jsbarcode/src/barcodes/CODE128/CODE128_AUTO.js' {
  const Encoder: JsBarcodeEncoderClass;
  export default Encoder;
}
declare module 'jsbarcode/src/barcodes/EAN_UPC/EAN13.js' {
  const Encoder: JsBarcodeEncoderClass;
  export default Encoder;
}
declare module 'jsbarcode/src/help/fixOptions.js' {
  export default function fixOptions<T>(options: T): T;
}
declare module 'jsbarcode/src/help/linearizeEncodings.js' {
  export default function linearizeEncodings(encodings: JsBarcodeEncoding | JsBarcodeEncoding[]): JsBarcodeEncoding[];
}
declare module 'jsbarcode/src/help/merge.js' {
  export default function merge<A, B>(old: A, replace: B): A & B;
}
declare module 'jsbarcode/src/options/defaults.js' {
  const defaults: JsBarcodeOptions;
  export default defaults;
}
declare module 'jsbarcode/src/renderers/svg.js' {
  export default class SVGRenderer {
    constructor(svg: SVGSVGElement, encodings: JsBarcodeEncoding[], options: JsBarcodeOptions);
    render(): void;
  }
}
