import { test, expect } from '@playwright/test';
import { watchErrors } from './pages';
import { ProfilePage, PublicationsPage } from './page-objects';

test('a profile shows the whole record in sections, and only the sections it has', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  await expect(profile.name).toHaveText('Luo Mai');
  await expect(profile.record).toContainText('Assistant Professor, School of Informatics, University of Edinburgh');
  for (const section of ['Publications', 'Positions', 'Education', 'Awards and honours', 'Software and projects', 'Service', 'Group and advisees', 'Leadership']) {
    await expect(profile.record.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  for (const absent of ['Invited talks', 'Teaching', 'Certifications', 'Skills']) {
    await expect(profile.record.getByRole('heading', { level: 2, name: absent })).toHaveCount(0);
  }
  await expect(profile.record.getByTestId('publication')).toHaveCount(10);
  await expect(profile.record.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Group and advisees' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('publication entries emphasize the owner and link other directory members', async ({ page, baseURL }) => {
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open('michael-luo');
  const skypilot = list.entries.filter({ hasText: 'SkyPilot: An Intercloud Broker for Sky Computing' });
  await expect(skypilot.locator('strong')).toHaveText('Michael Luo');
  await expect(skypilot.getByRole('link', { name: 'Frank Sifei Luan' })).toHaveAttribute('href', new URL('researchers/frank-sifei-luan', baseURL).pathname);
  const starburst = list.entries.filter({ hasText: 'Starburst' });
  await expect(starburst.locator('.badge')).toHaveText('Best Paper Award');
  await skypilot.getByRole('link', { name: 'Frank Sifei Luan' }).click();
  await expect(profile.heading).toContainText('Frank Sifei Luan');
  await expect(page).toHaveURL(`${baseURL}researchers/frank-sifei-luan`);
});
