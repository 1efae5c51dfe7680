import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, setupDomTest } from '../../test/dom-test';
import { CertifiedIcon, WarningIcon, certificationText } from './CertificationIcons';

setupDomTest();

describe('CertificationIcons', () => {
  it('names the certifier and the details', () => {
    expect(certificationText('Data team', 'Checked weekly')).toBe('Certified by Data team: Checked weekly');
    expect(certificationText('Data team', null)).toBe('Certified by Data team');
  });

  it('shows a certified icon and a warning icon with their tooltips', async () => {
    renderWithStore(
      <>
        <CertifiedIcon certifiedBy="Data team" details="Checked weekly" dataTest="certified" />
        <WarningIcon warning="Late by a day" dataTest="warning" />
      </>,
    );
    fireEvent.mouseEnter(screen.getByLabelText('Certified'));
    expect(await screen.findByText('Certified by Data team: Checked weekly')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByLabelText('Warning'));
    expect(await screen.findByText('Late by a day')).toBeTruthy();
  });

  it('shows nothing for an uncertified asset without a warning', () => {
    renderWithStore(
      <>
        <CertifiedIcon certifiedBy=" " dataTest="certified" />
        <WarningIcon warning={null} dataTest="warning" />
      </>,
    );
    expect(screen.queryByLabelText('Certified')).toBeNull();
    expect(screen.queryByLabelText('Warning')).toBeNull();
  });
});
