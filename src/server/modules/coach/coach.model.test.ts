import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { DAD_DNA_QUESTIONS } from "../../../shared/dad-dna";
import { checkAnswerFormat } from "../../../shared/pocket-dad";
import { children } from "../children/children.table";
import { createModelEngine, MODEL_SILENCE_MS, SECOND_OPINION_MS, SECOND_OPINION_PROMPT } from "./coach.model-engine";
import { pocketDadResponses } from "./coach.table";
import { matchSituation } from "./playbook/playbook-engine";

/**
 * A local server speaking the OpenAI chat-completions protocol, answering from a script: `replies` to requests for a
 * script, `opinions` to second opinions on danger (told apart by their system prompt; no opinion scripted: UNSURE).
 */
type Reply = { status?: number; content?: string; error?: string; delayMs?: number };
let replies: Reply[] = [];
let opinions: Reply[] = [];
const opinionsAsked: string[] = [];
const received: { body: { model: string; stream?: boolean; messages: { role: string; content: string }[] }; authorization?: string }[] = [];
let closedEarly = 0;
const server = http.createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => (raw += chunk));
  request.on("end", () => {
    const body = JSON.parse(raw) as (typeof received)[number]["body"];
    const opinion = body.messages[0].content === SECOND_OPINION_PROMPT;
    if (opinion) opinionsAsked.push(body.messages[1].content);
    else received.push({ body, authorization: request.headers.authorization });
    const reply = (opinion ? opinions.shift() : replies.shift()) ?? { content: opinion ? "UNSURE" : "" };
    const send = () => {
      if (response.destroyed) return;
      if (reply.error) {
        response.writeHead(reply.status ?? 500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: reply.error, type: "server_error", code: null } }));
        return;
      }
      if (body.stream) {
        // Server-sent events, as providers stream an answer: the words in two pieces, then the end.
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "test-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        const content = reply.content ?? "";
        const half = Math.ceil(content.length / 2);
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(chunk({ role: "assistant", content: content.slice(0, half) }, null));
        response.write(chunk({ content: content.slice(half) }, null));
        response.end(`${chunk({}, "stop")}data: [DONE]\n\n`);
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: "test-model",
          choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        }),
      );
    };
    response.on("close", () => {
      if (!response.writableFinished) closedEarly++;
    });
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
});

const VALID = `Say this: "Sam, I hear you. Bedtime is still eight."
Then do this:
- Dim the lights.
- Read one short story.
Why it works: Routine calms the body.`;

/** A message the local danger check finds but is not sure of (a safety note, self-harm). */
const UNSURE_PROMPT = "she is talking about suicide";

let t: TestApp;
let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({ AI_PROVIDER: "openai-compatible", AI_MODEL: "test-model", AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: "sk-test" });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  // A father of its own for each test, so no test runs into the minute's question limit; in the US, whose numbers his time zone chooses.
  user = await createSignedInUser(t, { timeZone: "America/New_York" });
  replies = [];
  opinions = [];
  received.length = 0;
  opinionsAsked.length = 0;
  closedEarly = 0;
});

const ask = (body: object, signal?: AbortSignal) =>
  t.app.request("/api/pocket-dad", { method: "POST", headers: { origin: "http://localhost:3000", "content-type": "application/json", cookie: user.cookie }, body: JSON.stringify(body), signal });

describe("the model engine (OpenAI-compatible server)", () => {
  it("returns a valid answer and sends the system prompt, the child and the tone", async () => {
    const [child] = await t.db.insert(children).values({ userId: user.id, name: "Sam", birthdate: "2018-03-01", profileNote: "Hates being rushed" }).returning();
    replies = [{ content: VALID }];
    const response = await ask({ prompt: "bedtime fight", tone: "playful", tone_intensity: "firmer", child_id: child.id });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ message: VALID, engine: "model", liked: false });
    expect(received).toHaveLength(1);
    const [system, userMessage] = received[0].body.messages;
    expect(received[0].body.model).toBe("test-model");
    expect(received[0].authorization).toBe("Bearer sk-test");
    expect(system.role).toBe("system");
    expect(system.content).toContain('Say this: "');
    // The model is given the numbers of Dad's country, the same the safety answers use.
    expect(system.content).toContain("Dad is in United States");
    expect(system.content).toContain("emergency: 911");
    expect(system.content).toContain("Poison Control (1-800-222-1222)");
    expect(userMessage.content).toContain("What's happening: bedtime fight");
    expect(userMessage.content).toContain("Tone: playful");
    expect(userMessage.content).toContain("Intensity: firmer");
    expect(userMessage.content).toMatch(/Child: Sam, \d+ years old/);
    expect(userMessage.content).toContain("never quote it back): Hates being rushed");
    expect(userMessage.content).not.toContain("Make it");
    expect(body).toMatchObject({ kind: "script", sensitive: false, funnier_allowed: true, category: null });
  });

  it("grounds the model in the Playbook situation chosen for the message, with what Dad mentioned; in the closest ones when none fits", async () => {
    replies = [{ content: VALID }, { content: VALID }, { content: VALID }];
    await ask({ prompt: "six years of cello lessons and now she wants to pack it in" });
    const grounded = received[0].body.messages[1].content;
    expect(grounded).toContain("From the Pocket Dad Playbook, the situation this is");
    expect(grounded).toContain("- Giving up an instrument or a class: Child wants to quit or give up");
    expect(grounded).toMatch(/A line that fits: '.*cello.*' Steps: Ask what's changed before you argue for staying\./);

    const prompt = "how do I teach my son to tie his shoelaces";
    const { closest } = matchSituation(prompt);
    expect(closest).toHaveLength(3);
    await ask({ prompt });
    const unsure = received[1].body.messages[1].content;
    expect(unsure).toContain("No Pocket Dad Playbook situation fits this exactly; the closest ones");
    for (const situation of closest) expect(unsure).toContain(`- ${situation.title}: ${situation.description}`);

    // A script Dad picked from the closest ones is the one the model is grounded in.
    await ask({ prompt, situation_id: "learning-to-ride" });
    expect(received[2].body.messages[1].content).toContain("the situation this is (ground your answer in it, in your own words, about what Dad wrote):\n- Learning to ride a bike:");
  });

  it("tells the model what kind of dad he is once he has taken the Dad DNA test", async () => {
    const dad = await createSignedInUser(t);
    const askAs = (body: object) => jsonRequest(t, "POST", "/api/pocket-dad", { cookie: dad.cookie, body });
    replies = [{ content: VALID }, { content: VALID }];
    await askAs({ prompt: "bedtime fight" });
    expect(received[0].body.messages[1].content).not.toContain("Dad is a");
    const answers = Object.fromEntries(DAD_DNA_QUESTIONS.map((q) => [q.key, (q.choices.find((c) => c.archetype === "builder_dad") ?? q.choices[0]).value]));
    expect((await jsonRequest(t, "POST", "/api/dad-dna", { cookie: dad.cookie, body: { submissionId: randomUUID(), answers } })).status).toBe(200);
    await askAs({ prompt: "bedtime fight" });
    expect(received[1].body.messages[1].content).toContain("Dad is a Builder Dad: turn the moment into a small routine that keeps it from coming back.");
  });

  it("replaces a script that misses an emergency the model itself described with the safety answer", async () => {
    const missed = `Say this: "Sam, let's sit down and have some water."
Then do this:
- If she drank antifreeze from the garage, keep her sitting up.
- Offer a glass of water.
Why it works: Calm helps.`;
    replies = [{ content: missed }];
    const body = await (await ask({ prompt: "she has been grumpy all afternoon and wont tell me why", tone: "playful" })).json();
    expect(received).toHaveLength(1);
    expect(body).toMatchObject({ safety: true, kind: "safety", category: "poisoning", engine: "model", funnier_allowed: false });
    expect(body.message).toContain("1-800-222-1222");
    expect(body.message).not.toContain("antifreeze");
    const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, body.response_id));
    expect(stored).toMatchObject({ topic: "safety", text: body.message });
  });

  it("asks the model for Shorter and keeps exactly two steps; Funnier on a sensitive moment is refused and kept gentle", async () => {
    replies = [{ content: VALID.replace("- Read one short story.", "- Read one short story.\n- Sing a song.") }];
    const shorter = await (await ask({ prompt: "bedtime fight", variant: "shorter" })).json();
    expect(received[0].body.messages[1].content).toContain("Make it shorter");
    const check = checkAnswerFormat(shorter.message);
    expect(check.ok && check.answer.doItems).toEqual(["Dim the lights.", "Read one short story."]);

    replies = [{ content: VALID }];
    const grief = await (await ask({ prompt: "grandma died last week and he asks if she's coming back", tone: "playful", variant: "funnier" })).json();
    const prompt = received[1].body.messages[1].content;
    expect(prompt).toContain("This is a sensitive moment");
    expect(prompt).not.toContain("Make it funnier");
    expect(grief).toMatchObject({ sensitive: true, note: "Kept this one gentle.", funnier_allowed: false, funnier_reason: "a hard moment needs warmth, not jokes." });

    replies = [{ content: VALID }];
    await ask({ prompt: "he won't clean his room", variant: "funnier" });
    expect(received[2].body.messages[1].content).toContain("Make it funnier");
  });

  it("retries once when the first answer is not in the format", async () => {
    replies = [{ content: "Sure! Just tell them to sleep." }, { content: VALID }];
    const response = await ask({ prompt: "bedtime" });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe(VALID);
    expect(received).toHaveLength(2);
  });

  it("gives the generic error after two invalid answers, and stores nothing", async () => {
    const before = (await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.userId, user.id))).length;
    replies = [{ content: "nope" }, { content: "" }];
    const response = await ask({ prompt: "bedtime" });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: { code: "POCKET_DAD_FORMAT", message: "Couldn't load advice. Try again." } });
    expect(received).toHaveLength(2);
    expect(await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.userId, user.id))).toHaveLength(before);
  });

  describe("a model that is down: the Playbook answers, within 3 s", () => {
    const PROMPT = "six years of cello lessons and now she wants to pack it in";
    /** Asks, and checks the answer is the offline script a father with no model would get. */
    async function expectPlaybookAnswer() {
      const started = performance.now();
      const response = await ask({ prompt: PROMPT });
      const waited = performance.now() - started;
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ engine: "playbook", kind: "script", safety: false });
      expect(checkAnswerFormat(body.message).ok).toBe(true);
      expect(body.message).toContain("cello");
      const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, body.response_id));
      expect(stored).toMatchObject({ engine: "playbook", text: body.message, topic: "quitting-an-instrument" });
      return waited;
    }

    it("answers 200 from the Playbook when the model answers 503", async () => {
      replies = [{ status: 503, error: "The model is overloaded, try again later." }];
      expect(await expectPlaybookAnswer()).toBeLessThan(3000);
      expect(received).toHaveLength(1);
    });

    it("answers from the Playbook within 3 s when the model hangs, and gives the hanging call up", async () => {
      replies = [{ content: VALID, delayMs: 10_000 }];
      const waited = await expectPlaybookAnswer();
      expect(waited).toBeGreaterThanOrEqual(MODEL_SILENCE_MS - 50);
      expect(waited).toBeLessThan(3000 + 500);
      await expect.poll(() => closedEarly).toBe(1);
    }, 20_000);

    it("answers from the Playbook at once when nothing listens at the model's address", async () => {
      const refusing = http.createServer();
      await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
      const { port } = refusing.address() as AddressInfo;
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
      const offline = await createTestApp({ AI_PROVIDER: "openai-compatible", AI_MODEL: "test-model", AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: "sk-test" });
      const dad = await createSignedInUser(offline);
      const started = performance.now();
      const response = await jsonRequest(offline, "POST", "/api/pocket-dad", { cookie: dad.cookie, body: { prompt: PROMPT } });
      expect(performance.now() - started).toBeLessThan(MODEL_SILENCE_MS);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ engine: "playbook", kind: "script", safety: false });
    });
  });

  it("tells the model the numbers of a father's own country, never 911 in the UK", async () => {
    const british = await createSignedInUser(t, { timeZone: "Europe/London" });
    replies = [{ content: VALID }];
    const response = await t.app.request("/api/pocket-dad", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json", cookie: british.cookie },
      body: JSON.stringify({ prompt: "bedtime fight" }),
    });
    expect(response.status).toBe(200);
    const [system] = received[0].body.messages;
    expect(system.content).toContain("Dad is in United Kingdom");
    expect(system.content).toContain("emergency: 999");
    expect(system.content).toContain("Samaritans (116 123, free, any time)");
    expect(system.content).not.toContain("911");
  });

  it("answers sure danger with the safety response without calling the model", async () => {
    const body = await (await ask({ prompt: "my son said he wants to kill himself" })).json();
    expect(body).toMatchObject({ safety: true, kind: "safety", category: "self-harm", safety_note: null });
    expect(body.message).toContain("988");
    expect(received).toHaveLength(0);
  });

  it("answers danger it is not sure of, and the model is not sure of either, with the model's script under a safety note", async () => {
    replies = [{ content: VALID }];
    const body = await (await ask({ prompt: UNSURE_PROMPT })).json();
    expect(body).toMatchObject({ message: VALID, safety: false, engine: "model", safety_note: { category: "self-harm" } });
    expect(body.safety_note.text).toContain("988");
    expect(received).toHaveLength(1);
    expect(opinionsAsked).toEqual([UNSURE_PROMPT]);
  });

  describe("a second opinion on danger the local check is unsure of", () => {
    it("gives the safety answer when the model reads danger, in the model's category, without asking for a script", async () => {
      opinions = [{ content: "DANGER self-harm" }];
      const body = await (await ask({ prompt: UNSURE_PROMPT })).json();
      expect(body).toMatchObject({ safety: true, kind: "safety", category: "self-harm", safety_note: null });
      expect(body.message).toContain("988");
      expect(received).toHaveLength(0);
    });

    it("takes the note away when the model reads no danger", async () => {
      opinions = [{ content: "NOT DANGER" }];
      replies = [{ content: VALID }];
      const body = await (await ask({ prompt: UNSURE_PROMPT })).json();
      expect(body).toMatchObject({ message: VALID, safety: false, safety_note: null });
    });

    it("keeps the local answer when the model's opinion is out of format", async () => {
      opinions = [{ content: "Hmm, it could be DANGER, hard to say. self-harm?" }];
      replies = [{ content: VALID }];
      const body = await (await ask({ prompt: UNSURE_PROMPT })).json();
      expect(body).toMatchObject({ message: VALID, safety: false, safety_note: { category: "self-harm" } });
    });

    it("keeps the local answer, the Playbook's script under the note, within 3 s when the model hangs, or fails, without asking it again", async () => {
      opinions = [{ content: "DANGER self-harm", delayMs: 10_000 }];
      replies = [{ content: VALID }];
      const started = performance.now();
      const body = await (await ask({ prompt: UNSURE_PROMPT })).json();
      const waited = performance.now() - started;
      expect(body).toMatchObject({ engine: "playbook", safety: false, safety_note: { category: "self-harm" } });
      expect(checkAnswerFormat(body.message).ok).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(SECOND_OPINION_MS - 50);
      expect(waited).toBeLessThan(SECOND_OPINION_MS + 2500);
      // The hanging call was given up, not left open, and the model was not asked for a script after it.
      expect(closedEarly).toBe(1);
      expect(received).toHaveLength(0);

      opinions = [{ status: 503, error: "overloaded" }];
      expect(await (await ask({ prompt: UNSURE_PROMPT })).json()).toMatchObject({ engine: "playbook", safety: false, safety_note: { category: "self-harm" } });
      expect(received).toHaveLength(0);
    }, 20_000);

    it("says the model is down, at once, when nothing listens at its address (the local answer stands)", async () => {
      const refusing = http.createServer();
      await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
      const { port } = refusing.address() as AddressInfo;
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
      const engine = createModelEngine({ provider: "openai-compatible", model: "test-model", baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-test" });
      const started = performance.now();
      expect(await engine.secondOpinion(UNSURE_PROMPT)).toBe("down");
      expect(performance.now() - started).toBeLessThan(SECOND_OPINION_MS);
    });

    it("is not asked when the local check is sure, or finds nothing", async () => {
      replies = [{ content: VALID }];
      await ask({ prompt: "my son said he wants to kill himself" });
      await ask({ prompt: "bedtime fight again" });
      expect(opinionsAsked).toEqual([]);
    });
  });

  it("asks the model for a steady Direct script, never a funnier one, under a safety note, and says so quietly", async () => {
    replies = [{ content: VALID }];
    const body = await (await ask({ prompt: "she is talking about suicide", tone: "playful", variant: "funnier" })).json();
    expect(body).toMatchObject({ safety_note: { category: "self-harm" }, note: "Kept this one steady.", funnier_allowed: false, funnier_reason: "someone may be in danger." });
    const question = received[0].body.messages.find((message) => message.role === "user")!.content;
    expect(question).toContain("Tone: direct");
    expect(question).not.toContain("Make it funnier");
  });

  it("a slow answer aborted by the client stops the model call and logs no error", async () => {
    replies = [{ content: VALID, delayMs: 3000 }];
    const controller = new AbortController();
    const pending = ask({ prompt: "aborted bedtime question" }, controller.signal);
    // Aborted once the model has the question, so that there is a model call to stop.
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    const response = await Promise.resolve(pending).catch((error: Error) => error);
    if (response instanceof Response) expect(response.status).toBe(400);
    else expect(response.name).toBe("AbortError");
    await expect.poll(() => closedEarly).toBe(1);
    const stored = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.prompt, "aborted bedtime question"));
    expect(stored).toHaveLength(0);
  });
});
