import { SITE_ID } from "../src/shared/site-ids.ts";

/** Props of the feedback part: in the browser, this page view's answer and how to give one. */
export interface FeedbackProps {
  answer?: boolean | null;
  onAnswer?: (helpful: boolean) => void;
}

/** "Was this page helpful?" with Yes and No; after an answer, a thank-you in their place (shown only when analytics is on). */
export function Feedback({ answer, onAnswer }: FeedbackProps) {
  return (
    <div className="feedback" role="group" aria-labelledby={SITE_ID.feedbackTitle}>
      <p id={SITE_ID.feedbackTitle} className="feedback-title">
        Was this page helpful?
      </p>
      {answer == null ? (
        <p className="feedback-buttons">
          <button type="button" onClick={() => onAnswer?.(true)}>
            Yes
          </button>
          <button type="button" onClick={() => onAnswer?.(false)}>
            No
          </button>
        </p>
      ) : (
        <p className="feedback-thanks" tabIndex={-1}>
          Thank you for telling us.
        </p>
      )}
    </div>
  );
}
