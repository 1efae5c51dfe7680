import { dashboardListResponseSchema, dashboardWriteResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

describe.each(METADATA_BACKENDS)('dashboard list filters on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;

  const newDashboard = async (body: Record<string, unknown>): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dashboard/', { token: admin, body });
    expect(response.statusCode, response.body).toBe(201);
    return dashboardWriteResponseSchema.parse(response.json()).id;
  };
  const listIds = async (filters: string): Promise<number[]> => {
    const rison = `(filters:!(${filters}),order_column:id,order_direction:asc)`;
    const response = await server.request('GET', `/api/v1/dashboard/?q=${encodeURIComponent(rison)}`, {
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardListResponseSchema.parse(response.json()).ids;
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
  });

  afterAll(async () => {
    await server.close();
  });

  it('dashboard_is_certified keeps dashboards that name who certified them, or the others', async () => {
    const certified = await newDashboard({ dashboard_title: 'Cert A', certified_by: 'Data team' });
    const blank = await newDashboard({ dashboard_title: 'Cert B', certified_by: '' });
    const plain = await newDashboard({ dashboard_title: 'Cert C' });
    const mine = `(col:dashboard_title,opr:ct,value:Cert)`;

    expect(await listIds(`${mine},(col:id,opr:dashboard_is_certified,value:!t)`)).toEqual([certified]);
    expect(await listIds(`${mine},(col:id,opr:dashboard_is_certified,value:!f)`)).toEqual([blank, plain]);
  });
});
