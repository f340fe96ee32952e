// The agenda's first screen (agenda-layout.ts openingHour): today's day
// opens an hour before now, another day an hour before its first
// appointment, in the server's HTML already (read here with the scripts
// off), so hydration moves nothing; and the grid starts high on a phone.
// Any time of day: the expectations follow the agenda the server answers
// (late at night or before opening, now is outside the grid's hours and
// today opens on its first appointment too).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, assertFitsScreen, businessToday, hydrationProblems, problems, serverNodeKept, shot, suite, VIEWPORTS, waitForHydration, weekdayAhead, withPage } from './harness.mjs';

/** A day ahead with two appointments in the afternoon, none in the morning. */
const LATER_DAY = weekdayAhead(30);
/**
 * Where the grid may start at most: on a phone it started 456 px down
 * under a header of three rows, the toolbar, the day and the staff picker
 * with its label above; on a wide screen it has not moved.
 */
const PHONE_GRID_TOP_MAX = 320;
const DESKTOP_GRID_TOP_MAX = 430;

const pad = (n) => String(n).padStart(2, '0');
const hhmm = (minute) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
const minuteOf = (rfc3339) => Number(rfc3339.slice(11, 13)) * 60 + Number(rfc3339.slice(14, 16));

/**
 * Where the grid and its landmarks are on the screen: the grid's first
 * drawn hour and its top, the now line's top (or null), and each shown
 * block's box by its service; the window's scroll.
 */
const landmarks = (page) =>
  page.evaluate(() => {
    // The shown columns (a phone's others are display: none).
    const shown = [...document.querySelectorAll('.agenda-col')].filter((c) => c.getClientRects().length > 0);
    const now = shown.map((c) => c.querySelector('.agenda-now')).find(Boolean);
    const blocks = Object.fromEntries(
      shown.flatMap((c) => [...c.querySelectorAll('.agenda-block')]).map((b) => {
        const r = b.getBoundingClientRect();
        return [b.querySelector('.agenda-block-service').textContent.trim(), { top: Math.round(r.top), bottom: Math.round(r.bottom) }];
      }),
    );
    return {
      firstHour: document.querySelector('.agenda-hour')?.textContent.trim(),
      hourPx: document.querySelector('.agenda-hour').getBoundingClientRect().height,
      gridTop: Math.round(document.querySelector('.agenda-grid').getBoundingClientRect().top),
      bodyTop: Math.round(shown[0].getBoundingClientRect().top),
      now: now ? Math.round(now.getBoundingClientRect().top) : null,
      blocks,
      scrollY: window.scrollY,
      height: window.innerHeight,
    };
  });

const within = (box, at, what) => {
  assert.ok(box.top >= at.bodyTop && box.bottom <= at.height, `${what} on the first screen: ${JSON.stringify(box)} (grid from ${at.bodyTop} to ${at.height})`);
};

suite('agenda: the first screen shows now, or the first appointment', () => {
  const people = {};
  /** Today's appointment: its service and start, booked after now when the day leaves room. */
  const today = {};
  let cookies;
  const app = appForSuite({
    personas: people,
    async setup(started) {
      const { server, token } = started;
      const book = (day, time, service) =>
        api(server.url, token, 'POST', '/appointments', { clientId: people.carla, staffId: people.paula, service, startsAt: `${day}T${time}`, durationMinutes: 30, allowOutsideHours: true });
      await book(LATER_DAY, '15:00', 'Primeiro da tarde');
      await book(LATER_DAY, '17:00', 'Último da tarde');
      // An hour after now, on a quarter hour; near midnight, at noon (before now).
      const nowMinute = minuteOf((await api(server.url, token, 'GET', '/agenda')).data.now);
      const later = Math.ceil((nowMinute + 60) / 15) * 15;
      today.day = businessToday();
      today.time = later + 30 <= 24 * 60 - 15 ? hhmm(later) : '12:00';
      today.service = 'Sessão de hoje';
      await book(today.day, today.time, today.service);
      await withPage(started, { user: ADMIN }, async ({ context }) => {
        cookies = await context.cookies();
      });
    },
  });

  /** The agenda the server answers for `date` now: whether now falls inside its grid's hours, and its first hour. */
  const agendaOf = async (date) => {
    const { data } = await api(app.server.url, app.token, 'GET', `/agenda?date=${date}`);
    const now = minuteOf(data.now);
    return { ...data, nowInGrid: data.date === data.today && now >= data.startHour * 60 && now < data.endHour * 60 };
  };

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const phone = viewport.width < 576;
    const gridTopMax = phone ? PHONE_GRID_TOP_MAX : DESKTOP_GRID_TOP_MAX;

    it(`today opens at now (or its first appointment), on the server's first paint, and hydration keeps it (${name})`, async () => {
      const agenda = await agendaOf(today.day);
      // The server's HTML, laid out with the scripts off: what the first paint shows.
      let before;
      await withPage(app, { cookies, viewport, ...options, javaScriptEnabled: false }, async ({ page }) => {
        await page.goto('/appointments');
        before = await landmarks(page);
        await shot(page, `agenda-first-screen-today-noscript-${viewport.width}`);
      });
      assert.equal(before.scrollY, 0);
      assert.ok(before.gridTop <= gridTopMax, `the grid starts high: ${before.gridTop} px (at most ${gridTopMax})`);
      if (agenda.nowInGrid) {
        assert.ok(before.now !== null, 'the now line is drawn');
        within({ top: before.now, bottom: before.now + 2 }, before, 'the now line');
        // A little above now: the grid starts an hour or more before it, unless at the grid's first hour.
        const nowMinute = minuteOf(agenda.now);
        if (Math.floor(nowMinute / 60) - 1 >= agenda.startHour) assert.ok(before.now - before.bodyTop >= before.hourPx - 2, `an hour above now: ${before.now - before.bodyTop} px`);
        assert.equal(before.firstHour, `${pad(Math.max(agenda.startHour, Math.min(Math.floor(nowMinute / 60) - 1, agenda.endHour - 4)))}:00`, 'the hour before now first');
      }
      // Today's appointment, after now or the day's first, is on the screen too.
      within(before.blocks[today.service], before, "today's appointment");

      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto('/appointments');
        await waitForHydration(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        const after = await landmarks(page);
        // The same hours from the same place: no jump at hydration (the now line may have moved a minute on).
        assert.equal(after.firstHour, before.firstHour, 'the same first hour');
        assert.equal(after.scrollY, 0, 'no scroll');
        assert.ok(Math.abs(after.gridTop - before.gridTop) <= 1, `the grid where it was: ${before.gridTop} → ${after.gridTop}`);
        assert.ok(Math.abs(after.blocks[today.service].top - before.blocks[today.service].top) <= 1, "today's appointment where it was");
        if (agenda.nowInGrid) assert.ok(Math.abs(after.now - before.now) <= 4, `the now line where it was: ${before.now} → ${after.now}`);
        if (phone) {
          // The header's other pages, one tap away; every tap target 44 px.
          await assertFitsScreen(page, viewport, 'the phone agenda');
          assert.equal(await page.getByRole('link', { name: 'Lembretes' }).count(), 0, 'in the "Mais" row');
          await page.getByRole('link', { name: 'Mais' }).click();
          await page.waitForURL(/more=1/);
          await page.getByRole('link', { name: 'Lembretes' }).waitFor();
          await assertFitsScreen(page, viewport, 'the "Mais" row');
          await shot(page, `agenda-first-screen-more-${viewport.width}`);
        }
        await shot(page, `agenda-first-screen-today-${viewport.width}`);
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`another day opens an hour before its first appointment; "Ver desde" shows the whole day (${name})`, async () => {
      const agenda = await agendaOf(LATER_DAY);
      const address = `/appointments?date=${LATER_DAY}`;
      let before;
      await withPage(app, { cookies, viewport, ...options, javaScriptEnabled: false }, async ({ page }) => {
        await page.goto(address);
        before = await landmarks(page);
      });
      assert.equal(before.firstHour, '14:00', 'an hour before the first appointment');
      assert.ok(before.gridTop <= gridTopMax, `the grid starts high: ${before.gridTop} px`);
      within(before.blocks['Primeiro da tarde'], before, 'the first appointment');

      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(address);
        await waitForHydration(page);
        const after = await landmarks(page);
        assert.equal(after.firstHour, '14:00');
        assert.ok(Math.abs(after.blocks['Primeiro da tarde'].top - before.blocks['Primeiro da tarde'].top) <= 1, 'the first appointment where it was');
        await shot(page, `agenda-first-screen-later-day-${viewport.width}`);

        // The hours before: one link away, the whole day from the grid's first hour.
        const earlier = page.getByRole('link', { name: `Ver desde ${pad(agenda.startHour)}:00` });
        await earlier.click();
        await page.waitForURL(/hours=all/);
        await page.waitForFunction((hour) => document.querySelector('.agenda-hour')?.textContent.trim() === hour, `${pad(agenda.startHour)}:00`);
        assert.equal(await earlier.count(), 0, 'the link gone with the hours shown');
        await shot(page, `agenda-first-screen-whole-day-${viewport.width}`);
        // The next day opens on its own hour again.
        await page.getByRole('link', { name: 'Próximo dia' }).click();
        await page.waitForURL((url) => !url.searchParams.has('hours'));
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      });
    });
  }
});
