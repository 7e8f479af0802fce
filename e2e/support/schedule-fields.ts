/**
 * The schedule and edit forms' day and time, chosen as a visitor does: the day in the app's own
 * calendar (the browser's date picker is not used), the time in its hour and minute lists.
 *
 *   await pickScheduleDate(dialog, '2026-12-08');
 *   await pickScheduleTime(dialog, '15:30');
 */
import type { Locator } from 'playwright-core';

/** `YYYY-MM` a month after (or before) `month`. */
function shiftMonth(month: string, by: 1 | -1): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, number - 1 + by, 1));
  return next.toISOString().slice(0, 7);
}

/** Opens the form's calendar, pages to the month of `day` (YYYY-MM-DD) and chooses the day. */
export async function pickScheduleDate(scope: Locator, day: string): Promise<void> {
  await scope.getByTestId('schedule-date').click();
  // The calendar opens above the dialog, outside it in the page.
  const calendar = scope.page().getByTestId('schedule-date-calendar');
  await calendar.waitFor();
  const target = day.slice(0, 7);
  for (let step = 0; step < 24; step++) {
    const shown = (await calendar.getByTestId('schedule-date-month').getAttribute('data-month')) as string;
    if (shown === target) break;
    const next = shiftMonth(shown, shown < target ? 1 : -1);
    await calendar.getByTestId(shown < target ? 'schedule-date-next' : 'schedule-date-previous').click();
    await calendar.locator(`[data-month="${next}"]`).waitFor();
  }
  const cell = calendar.locator(`button[data-date="${day}"]`);
  if (await cell.isDisabled()) throw new Error(`${day} cannot be chosen in the calendar`);
  await cell.click();
  await calendar.waitFor({ state: 'detached' });
  await scope.locator(`[data-testid="schedule-date"][data-value="${day}"]`).waitFor();
}

/** Chooses `time` (HH:mm, 24-hour) in a time field's hour and minute lists (by default the schedule form's). */
export async function pickScheduleTime(scope: Locator, time: string, testId = 'schedule-time'): Promise<void> {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  await scope.getByTestId(`${testId}-hour`).selectOption(String(hour));
  await scope.getByTestId(`${testId}-minute`).selectOption(String(minute));
  await scope.locator(`[data-testid="${testId}"][data-value="${time}"]`).waitFor();
}
