/* Guided predictions: a question, the learner's answer, then the reveal. Checking sets the
 * question's inputs and shows its verdict; each question keeps its own answer and verdict
 * whatever the inputs do later, and a new pick clears only its own verdict. The score counts
 * the questions answered and those answered right. The hash's `q` names the prediction
 * last checked while its inputs are shown.
 */
"use strict";

(() => {
  const QUESTIONS = [
    {
      setup: { x: [0, 0, 0], gain: 1, eps: 0 },
      question: "All zeros with ε = 0. What does RMSNorm give?",
      choices: ["(0, 0, 0)", "Undefined", "(1, 1, 1)"],
      answer: 1,
      why: "The mean square is 0 and ε is 0, so the denominator √(0 + 0) is 0. Division by zero has no value, and no gain, not even 0, gives it one. With any ε > 0 the output would be (0, 0, 0).",
    },
    {
      setup: { x: [2, 2, 2], gain: 1, eps: 0 },
      question: "The constant vector (2, 2, 2) with ε = 0. Which rule has a value?",
      choices: ["both", "only RMSNorm", "only LayerNorm", "neither"],
      answer: 1,
      why: "Every coordinate equals the mean, so the variance is 0 and LayerNorm divides by √0: Undefined. RMSNorm divides by the RMS, 2, and gives (1, 1, 1).",
    },
    {
      setup: { x: [2, 4, 6], gain: 1, eps: 0 },
      question: "Double Positive to (2, 4, 6), ε = 0. How do the RMSNorm outputs compare with the RMS reference?",
      choices: ["the same", "doubled", "halved"],
      answer: 0,
      why: "The RMS doubles along with the input, so the factor cancels: the RMSNorm column equals the RMS reference. With ε > 0 it would differ slightly.",
    },
    {
      setup: { x: [100, 101, 102], gain: 1, eps: 0.000001 },
      question: "Add 99 to every coordinate of Positive: (100, 101, 102). Whose output stays equal to its reference?",
      choices: ["RMSNorm", "LayerNorm", "both", "neither"],
      answer: 1,
      why: "Subtracting the mean removes the common offset: LayerNorm sees −1, 0, 1 again. RMSNorm divides by an RMS of about 101 and lands near (1, 1, 1), one of the two poles: the mean dwarfs the spread.",
    },
    {
      setup: { x: [1, 2, 3], gain: 1, eps: 1 },
      question: "Positive with ε = 1 and gain 1. Is RMSNorm's output RMS still 1?",
      choices: ["exactly 1", "below 1", "above 1"],
      answer: 1,
      why: "The output RMS is g · √(mean square / (mean square + ε)) = √(4.666667 / 5.666667), below 1. Only ε = 0 gives exactly g.",
    },
  ];
  const page = NormgeomPage;
  const list = document.getElementById("predictions");
  const score = document.getElementById("score");
  const verdicts = QUESTIONS.map(() => null);

  function showScore() {
    const answered = verdicts.filter((v) => v !== null).length;
    const right = verdicts.filter(Boolean).length;
    score.textContent = `Score: ${right} right of ${answered} answered (${QUESTIONS.length} questions).`;
  }

  const items = QUESTIONS.map((q, index) => {
    const item = document.createElement("li");
    const name = `prediction-${index + 1}`;
    item.className = "prediction";
    item.id = name;
    item.innerHTML =
      `<fieldset><legend>${index + 1}. ${q.question}</legend>` +
      q.choices.map((c, i) => `<label><input type="radio" name="${name}" value="${i}"> ${c}</label>`).join("") +
      `</fieldset><button type="button" class="check" aria-label="Check answer ${index + 1}">Check</button>` +
      `<p class="reveal" aria-live="polite" hidden></p>`;
    list.append(item);
    const reveal = item.querySelector(".reveal");
    const say = (words, kind) => {
      reveal.hidden = words === "";
      reveal.textContent = words;
      reveal.dataset.kind = kind;
    };
    // a new pick asks anew: the old verdict (or the request to pick) goes
    item.querySelectorAll("input").forEach((radio) =>
      radio.addEventListener("change", () => {
        say("", "");
        item.classList.remove("answered");
      }),
    );
    item.querySelector(".check").addEventListener("click", () => {
      const picked = item.querySelector("input:checked");
      if (!picked) {
        say("Pick an answer first.", "ask");
        return;
      }
      const answer = Number(picked.value);
      verdicts[index] = answer === q.answer;
      page.apply({ x: [...q.setup.x], gain: q.setup.gain, eps: q.setup.eps });
      page.setExtras({ q: index + 1 });
      say(`${verdicts[index] ? "Right" : `Not quite: ${q.choices[q.answer]}`}. ${q.why}`, "verdict");
      item.classList.add("answered");
      showScore();
    });
    return item;
  });
  showScore();
  const open = page.extras.q;
  if (open !== null) {
    items[open - 1].classList.add("open");
    items[open - 1].scrollIntoView({ block: "center" });
  }
  const same = (a, b) => JSON.stringify([a.x, a.gain, a.eps]) === JSON.stringify([b.x, b.gain, b.eps]);
  page.onChange((state) => {
    const q = page.extras.q;
    if (q !== null && !same(state, QUESTIONS[q - 1].setup)) page.setExtras({ q: null });
  });
})();
