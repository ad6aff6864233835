import type { User } from '@plastrace/shared';
import type { memberView } from './auth.repo.ts';

type View = NonNullable<Awaited<ReturnType<typeof memberView>>>;

export function toUser({ user, membership, organization }: View, organizationCount: number): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role: membership.role,
    business_role: user.businessRole ?? organization.businessRole,
    email_verified: user.emailVerifiedAt !== null,
    supplier_id: membership.supplierId,
    organization: {
      id: organization.id,
      name: organization.name,
      default_currency: organization.defaultCurrency,
      time_zone: organization.timeZone,
      epr_license: organization.eprLicense,
      is_demo: organization.isDemo,
    },
    organization_count: organizationCount,
  };
}
