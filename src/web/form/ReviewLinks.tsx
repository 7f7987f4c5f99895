// The review ask on the thank-you panel (features/reach): "Share your experience on Google /
// Tripadvisor" for the submission's venue, the same for every guest whatever they answered (no
// gating); each link goes through the server's counted /r/{venue}/{site}. Its words come with the
// create's answer, in the guest's language.
import { apiUrl } from '../api/runtimeConfig.ts';
import type { ReviewAsk } from '../../engine/contract/reach-names.ts';

/** The review ask: the same for every guest, whatever they answered (no gating); each link counted by the server on the way. */
export default function ReviewLinks({ ask }: { ask: ReviewAsk }) {
  if (!Array.isArray(ask.links) || !ask.links.length) return null;
  return (
    <div className="thank-you-review">
      <h2>{ask.title}</h2>
      {ask.links.map((link) => (
        <a key={link.site} className="link-button" href={apiUrl(link.href)} rel="noopener">
          {link.text}
        </a>
      ))}
    </div>
  );
}
