import { test, expect } from '@playwright/test';
import { watchErrors } from './pages';

test('a profile shows the whole record in sections, and only the sections it has', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await page.goto('researchers/luo-mai');
  const profile = page.getByTestId('profile');
  await expect(profile.getByRole('heading', { level: 1 })).toHaveText('Luo Mai');
  await expect(profile).toContainText('Assistant Professor, School of Informatics, University of Edinburgh');
  for (const section of ['Publications', 'Positions', 'Education', 'Awards and honours', 'Software and projects', 'Service', 'Group and advisees', 'Leadership']) {
    await expect(profile.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  for (const absent of ['Invited talks', 'Teaching', 'Certifications', 'Skills']) {
    await expect(profile.getByRole('heading', { level: 2, name: absent })).toHaveCount(0);
  }
  await expect(profile.getByTestId('publication')).toHaveCount(10);
  await expect(profile.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Group and advisees' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('publication entries emphasize the owner and link other directory members', async ({ page, baseURL }) => {
  await page.goto('researchers/michael-luo');
  const skypilot = page.getByTestId('publication').filter({ hasText: 'SkyPilot: An Intercloud Broker for Sky Computing' });
  await expect(skypilot.locator('strong')).toHaveText('Michael Luo');
  await expect(skypilot.getByRole('link', { name: 'Frank Sifei Luan' })).toHaveAttribute('href', new URL('researchers/frank-sifei-luan', baseURL).pathname);
  const starburst = page.getByTestId('publication').filter({ hasText: 'Starburst' });
  await expect(starburst.locator('.badge')).toHaveText('Best Paper Award');
  await skypilot.getByRole('link', { name: 'Frank Sifei Luan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Frank Sifei Luan');
  await expect(page).toHaveURL(`${baseURL}researchers/frank-sifei-luan`);
});
