import { type WeekAnswerSpeed, waitInWords } from './answer-speed';

/**
 * How fast leads are answered, week by week (issue 36): so the owner sees whether the alerts on
 * the phone make a difference. A plain table, newest week first, as the phone shows it.
 */
export function AnswerSpeedTable({ speeds, weekLabels }: { speeds: WeekAnswerSpeed[]; weekLabels: string[] }) {
  const rows = speeds.map((speed, i) => ({ ...speed, label: weekLabels[i] ?? '' })).reverse();
  return (
    <table className="dash-table">
      <caption className="visually-hidden">
        Time from a request to its first status change or call, by the week it arrived
      </caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col">Median wait</th>
          <th scope="col">Answered</th>
          <th scope="col">Not yet</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.medianMs === null ? 'None answered' : waitInWords(row.medianMs)}</td>
            <td>{row.answered}</td>
            <td>{row.waiting}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
