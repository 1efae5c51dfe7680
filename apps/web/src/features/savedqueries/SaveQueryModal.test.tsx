import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../test/dom-test';
import { LABEL_REQUIRED, SaveQueryModal } from './SaveQueryModal';

setupDomTest();

describe('SaveQueryModal', () => {
  it('is the default modal width, 600 px (spec 000 §9)', () => {
    renderWithStore(
      <SaveQueryModal
        title="Save query"
        submitText="Save"
        initial={{ label: 'x', description: '' }}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    expect(modal?.style.width).toBe('600px');
  });

  it('submits the trimmed name and the description', () => {
    const onSubmit = vi.fn();
    renderWithStore(
      <SaveQueryModal
        title="Save query"
        submitText="Save"
        initial={{ label: 'Untitled Query 1', description: '' }}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(byDataTest('saved-query-label'), { target: { value: '  Top names ' } });
    fireEvent.change(byDataTest('saved-query-description'), { target: { value: 'Most common names' } });
    fireEvent.click(byDataTest('saved-query-modal-save'));
    expect(onSubmit).toHaveBeenCalledWith({ label: 'Top names', description: 'Most common names' });
  });

  it('refuses an empty name', () => {
    const onSubmit = vi.fn();
    renderWithStore(
      <SaveQueryModal
        title="Save query"
        submitText="Save"
        initial={{ label: 'x', description: '' }}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(byDataTest('saved-query-label'), { target: { value: '   ' } });
    fireEvent.click(byDataTest('saved-query-modal-save'));
    expect(screen.getByText(LABEL_REQUIRED)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the alternative action and cancel', () => {
    const onSubmit = vi.fn();
    const onAlternative = vi.fn();
    const onCancel = vi.fn();
    renderWithStore(
      <SaveQueryModal
        title="Update saved query"
        submitText="Update"
        initial={{ label: 'Saved one', description: 'kept' }}
        alternative={{ text: 'Save as new', onSubmit: onAlternative }}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />,
    );
    expect(byDataTest('saved-query-modal-save').textContent).toBe('Update');
    fireEvent.click(byDataTest('saved-query-modal-alternative'));
    expect(onAlternative).toHaveBeenCalledWith({ label: 'Saved one', description: 'kept' });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(byDataTest('saved-query-modal-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });
});
