import { answerFields, NUMBER_MAX_LENGTH, NUMBER_PATTERN } from '../../rules/checklist-answers';
import { ANSWER_MAX, type ChecklistQuestion } from '../../rules/site-items';

/**
 * The fields one checklist question is answered in on the engineer's sheet, by its kind (issue
 * 57): a box, a list to choose from, a number beside its unit, or what was found and how many
 * metres along. Each posts `answer` (and a finding's `at`), read by `readAnswer`.
 */
export function AnswerFields({ question, answer }: { question: ChecklistQuestion; answer?: string }) {
  const id = `question-${question.id}`;
  const typed = answerFields(question.type, question.unit, answer);
  const label = (
    <label className="lead-form__label" htmlFor={id}>
      {question.text}
    </label>
  );
  const options = (choices: readonly string[]) => (
    <select id={id} name="answer" defaultValue={typed.answer} className="lead-form__control">
      <option value="">Choose</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
  const number = (fieldId: string, name: string, value: string) => (
    <input
      id={fieldId}
      name={name}
      inputMode="decimal"
      pattern={NUMBER_PATTERN}
      maxLength={NUMBER_MAX_LENGTH}
      defaultValue={value}
      className="lead-form__control answer-number"
    />
  );
  if (question.type === 'number') {
    return (
      <div className="lead-form__field">
        {label}
        <span className="answer-unit">
          {number(id, 'answer', typed.answer)}
          {question.unit && <span>{question.unit}</span>}
        </span>
      </div>
    );
  }
  if (question.type === 'distance') {
    return (
      <>
        <div className="lead-form__field">
          {label}
          {question.choices.length > 0 ? (
            options(question.choices)
          ) : (
            <input id={id} name="answer" maxLength={ANSWER_MAX} defaultValue={typed.answer} className="lead-form__control" />
          )}
        </div>
        <div className="lead-form__field">
          <label className="lead-form__label" htmlFor={`${id}-at`}>
            How far along
          </label>
          <span className="answer-unit">
            {number(`${id}-at`, 'at', typed.at)}
            <span>metres</span>
          </span>
        </div>
      </>
    );
  }
  return (
    <div className="lead-form__field">
      {label}
      {question.type === 'text' ? (
        <input id={id} name="answer" maxLength={ANSWER_MAX} defaultValue={typed.answer} className="lead-form__control" />
      ) : (
        options(question.type === 'yes-no' ? ['Yes', 'No'] : question.choices)
      )}
    </div>
  );
}
