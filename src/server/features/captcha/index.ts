// The captcha feature's public face: what app.ts and other features may use.
export { forgetSpentChallenges } from './altcha.ts';
export { captchaMissing, consumeProof, forgetOldProofs } from './captcha-proofs.ts';
export { captchaPlugin } from './plugin.ts';
