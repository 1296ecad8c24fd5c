// Billing-portal sessions: their url is the demo billing page (/demo-pay/billing/:id).
import type { EngineContext } from './catalog';
import type { Params } from './form-body';
import { newId, nowSeconds, type PortalSessionObject } from './objects';

const now = nowSeconds;

export async function createPortalSession(ctx: EngineContext, p: Params): Promise<PortalSessionObject> {
  const customer = await ctx.repo.need('customer', p.requiredString('customer'), 'customer');
  const id = newId('billing_portal.session');
  return ctx.repo.put('billing_portal.session', {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_standin_default',
    created: now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: p.string('return_url') ?? null,
    url: `${ctx.publicUrl}/demo-pay/billing/${id}`,
  });
}
