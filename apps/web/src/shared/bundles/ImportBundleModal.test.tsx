import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../test/dom-test';
import { ImportBundleModal } from './ImportBundleModal';

setupDomTest();

const EXISTS = {
  errors: [
    {
      message: 'Error importing dashboard',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: {
        'dashboards/Sales_1.yaml': 'Dashboard already exists and `overwrite=true` was not passed',
        issue_codes: [{ code: 1010, message: 'Issue 1010' }],
      },
    },
  ],
};

function chooseFile(name: string): void {
  const input = byDataTest('import-modal').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['PK'], name, { type: 'application/zip' })] } });
}

describe('ImportBundleModal', () => {
  it('imports, asks to type OVERWRITE when the server names existing objects, and retries with overwrite', async () => {
    const sent: FormData[] = [];
    stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
      if (url === '/api/v1/dashboard/import/' && init.body instanceof FormData) {
        sent.push(init.body);
        return init.body.get('overwrite') === 'true'
          ? jsonResponse(200, { message: 'OK' })
          : jsonResponse(422, EXISTS);
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const onImported = vi.fn();
    const onClose = vi.fn();
    renderWithStore(<ImportBundleModal resource="dashboard" onImported={onImported} onClose={onClose} />);

    expect(screen.getByText('Import dashboards')).toBeTruthy();
    expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(true);
    chooseFile('bundle.zip');
    await waitFor(() => {
      expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('import-submit'));

    await waitFor(() => {
      expect(byDataTest('import-existing').textContent).toContain('dashboards/Sales_1.yaml');
    });
    expect(sent[0]?.get('overwrite')).toBe('false');
    expect(sent[0]?.get('formData')).toBeInstanceOf(File);
    expect(byDataTest('import-submit').textContent).toBe('Overwrite');
    expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('[data-test="import-errors"]')).toBeNull();

    fireEvent.change(byDataTest('import-overwrite-confirm'), { target: { value: 'OVERWRITE' } });
    expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(false);
    fireEvent.click(byDataTest('import-submit'));
    await waitFor(() => {
      expect(onImported).toHaveBeenCalled();
    });
    expect(onClose).toHaveBeenCalled();
    expect(sent[1]?.get('overwrite')).toBe('true');
  });

  it('asks for database passwords and lists the other problems per file', async () => {
    const sent: FormData[] = [];
    stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
      if (init.body instanceof FormData) {
        sent.push(init.body);
        return jsonResponse(422, {
          errors: [
            {
              message: 'Error importing chart',
              error_type: 'GENERIC_COMMAND_ERROR',
              level: 'warning',
              extra: {
                'databases/warehouse.yaml': { _schema: ['Must provide a password for the database'] },
                'charts/Orders_4.yaml': { viz_type: ['Not a known chart type.'] },
              },
            },
          ],
        });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    renderWithStore(<ImportBundleModal resource="chart" onImported={vi.fn()} onClose={vi.fn()} />);
    chooseFile('charts.zip');
    await waitFor(() => {
      expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('import-submit'));

    await waitFor(() => {
      expect(byDataTest('import-errors').textContent).toContain(
        'charts/Orders_4.yaml: viz_type: Not a known chart type.',
      );
    });
    expect(byDataTest('import-errors').textContent).toContain('Error importing chart');
    const password = screen.getByLabelText('Password for databases/warehouse.yaml');
    expect(byDataTest('import-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.change(password, { target: { value: 's3cret' } });
    fireEvent.click(byDataTest('import-submit'));
    await waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    const passwords = sent[1]?.get('passwords');
    expect(typeof passwords === 'string' ? JSON.parse(passwords) : passwords).toEqual({
      'databases/warehouse.yaml': 's3cret',
    });
  });
});
