// The captcha feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { captchaPlugin } from './plugin.ts';
export { forgetSpentChallenges } from './altcha.ts';
export { captchaMissing, consumeProof, forgetOldProofs, spendProof } from './captcha-proofs.ts';

export const captchaFeature: ServerFeature = { name: 'captcha', plugins: [captchaPlugin] };
