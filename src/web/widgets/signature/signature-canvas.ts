// react-signature-canvas 1.0 ships only a CommonJS build whose exports are { default: component }.
// In this "type": "module" package the bundler, like Node, hands that whole object to a default
// import, while the library's types describe the component itself: this file gives the component.
import Imported from 'react-signature-canvas';

const SignatureCanvas: typeof Imported = (Imported as unknown as { default?: typeof Imported }).default ?? Imported;
type SignatureCanvas = Imported;

export default SignatureCanvas;
