import { useState } from "react";
import { useNavigate } from "react-router";
import { CHILD_KEY_COPY, childKeyAnswerSchema, childKeyAskSchema } from "../../../../shared/child-key";
import { claimCodeSchema } from "../../../../shared/export";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useAnswerCardQuestion, useAskTheFamily, useClaimCard } from "../api/claim-card";

const frame = "mx-auto flex max-w-lg flex-col gap-6 rounded-xl border border-sand-soft bg-white p-6 sm:p-8";
const messageOf = (error: unknown) => (isApiError(error) ? error.message : "We couldn't reach Hey Dad. Please check your connection and try again.");

/** /claim: the code typed from the card, then the card's own page. */
function TypeTheCode({ problem }: { problem?: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = claimCodeSchema.safeParse(typed);
    if (!parsed.success) {
      setFieldError("Type the 10 letters and numbers printed under the QR code.");
      return;
    }
    void navigate(`/claim/${parsed.data}`);
  }
  return (
    <div className={frame}>
      <h1 className="text-2xl font-semibold">Your keepsake card</h1>
      {problem ? <Alert title={problem} /> : null}
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-olive-dark">Type the code printed on the card, under the QR code.</p>
        <TextField label="Card code" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} error={fieldError} />
        <Button type="submit" className="self-start">
          Continue
        </Button>
      </form>
    </div>
  );
}

/**
 * Where a keepsake card's QR code lands: "Is this your card, Emma?", and two ways in: Dad's question, or asking
 * the family. Either way the child then confirms the address from an email, and their own page opens.
 */
export function ClaimPage({ code }: { code?: string }) {
  if (!code) return <TypeTheCode />;
  return <CardPage code={code} />;
}

function CardPage({ code }: { code: string }) {
  const card = useClaimCard(code);
  const answer = useAnswerCardQuestion(code);
  const ask = useAskTheFamily(code);
  const [email, setEmail] = useState("");
  const [typedAnswer, setTypedAnswer] = useState("");
  const [errors, setErrors] = useState<{ email?: string; answer?: string }>({});

  if (card.isPending) {
    return (
      <div className={frame} role="status">
        <Spinner label="Looking up your card" />
      </div>
    );
  }
  if (card.isError) return <TypeTheCode problem={messageOf(card.error)} />;

  const { childName, question } = card.data;
  const paused = card.data.paused || (isApiError(answer.error) && answer.error.code === "CHILD_KEY_PAUSED");
  const sentTo = answer.data?.sentTo ?? ask.data?.askedFor;

  if (sentTo) {
    return (
      <div className={frame}>
        <h1 className="text-2xl font-semibold">{answer.data ? "That's right" : "We asked the family"}</h1>
        <Alert tone="success" title={answer.data ? "Check your inbox" : "Now wait for their answer"}>
          {answer.data
            ? `We sent a link to ${sentTo}. Open it to confirm the address is yours, and your page opens.`
            : `Dad and the family have an email asking them to approve ${sentTo}. When one of them does, you get a link there to confirm it, and your page opens.`}
        </Alert>
        <p className="text-olive-dark">Nothing there after a few minutes? Look in the spam folder.</p>
      </div>
    );
  }

  function checkEmail() {
    const parsed = childKeyAskSchema.safeParse({ email });
    setErrors(parsed.success ? {} : { email: parsed.error.issues[0]?.message });
    return parsed.success ? parsed.data.email : null;
  }
  function submitAnswer(event: React.FormEvent) {
    event.preventDefault();
    const parsed = childKeyAnswerSchema.safeParse({ email, answer: typedAnswer });
    if (!parsed.success) {
      const issues = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
      setErrors({ email: issues.email, answer: issues.answer });
      return;
    }
    setErrors({});
    ask.reset();
    answer.mutate(parsed.data);
  }
  function submitAsk(event: React.FormEvent) {
    event.preventDefault();
    const valid = checkEmail();
    if (!valid) return;
    answer.reset();
    ask.mutate({ email: valid });
  }
  const wrongAnswer = isApiError(answer.error) && answer.error.code === "CHILD_KEY_WRONG_ANSWER" ? answer.error.message : undefined;
  const answerProblem = answer.error && !wrongAnswer ? messageOf(answer.error) : undefined;

  return (
    <div className={frame}>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">Is this your card, {childName}?</h1>
        <p className="text-olive-dark">Dad left you messages: videos, voice notes and stories, each to open at the right moment. Tell us where to send them, then show us it's you.</p>
      </div>
      <TextField label="Your email address" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />

      {question && !paused ? (
        <form className="flex flex-col gap-4 border-t border-sand-soft pt-6" onSubmit={submitAnswer} noValidate aria-labelledby="dads-question">
          <h2 id="dads-question" className="text-lg font-semibold">
            Dad's question
          </h2>
          <p className="rounded-lg bg-paper-warm p-4 text-lg italic">{question}</p>
          <TextField label="Your answer" value={typedAnswer} onChange={(event) => setTypedAnswer(event.target.value)} autoComplete="off" error={errors.answer ?? wrongAnswer} hint="Capitals, spaces and punctuation don't matter." />
          {answerProblem ? <Alert title={answerProblem} /> : null}
          <Button type="submit" className="self-start" disabled={answer.isPending}>
            {answer.isPending ? "Checking..." : "Answer"}
          </Button>
        </form>
      ) : null}
      {paused ? <Alert title={CHILD_KEY_COPY.paused} /> : null}

      <form className="flex flex-col gap-4 border-t border-sand-soft pt-6" onSubmit={submitAsk} noValidate aria-labelledby="ask-family">
        <h2 id="ask-family" className="text-lg font-semibold">
          {question && !paused ? "Or ask the family" : "Ask the family"}
        </h2>
        <p className="text-olive-dark">Dad and the family get an email asking them to approve your address. One approval is enough.</p>
        {ask.error ? <Alert title={messageOf(ask.error)} /> : null}
        <Button type="submit" variant={question && !paused ? "secondary" : "primary"} className="self-start" disabled={ask.isPending}>
          {ask.isPending ? "Asking..." : "Ask the family"}
        </Button>
      </form>
    </div>
  );
}
