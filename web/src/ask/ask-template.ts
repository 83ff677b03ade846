// The Ask mode's static markup (no user content): intro, thread, docked composer.
export const askTemplate = `
<details id="intro" class="intro" open>
  <summary><h1 id="intro-title">Ask a question. Get an answer you can check.</h1></summary>
  <p>
    Quire is a grounded research assistant: it searches its sources, weighs how credible they
    are, and writes a short answer in which every claim carries a numbered citation to a source
    it actually retrieved. Follow-up questions keep the conversation's context. The same engine
    is available to programs as an <a href="/openapi.json">HTTP API</a>, including one that
    OpenAI-compatible clients can use as they are.
  </p>
</details>
<ol id="thread" class="thread" aria-label="Conversation"></ol>
<form id="ask-form" class="ask composer" autocomplete="off">
  <label for="question" class="visually-hidden">Your question</label>
  <textarea id="question" name="question" rows="2" maxlength="4000" required data-composer
    placeholder="Ask anything, e.g. Does vitamin D reduce the risk of fractures?"></textarea>
  <div class="ask-actions">
    <button id="ask-button" type="submit" class="primary">Ask</button>
    <button id="stop-button" type="button" class="secondary" data-stop hidden>Stop</button>
  </div>
</form>`
