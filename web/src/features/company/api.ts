import type { AcceptInvitationInput, CreateInvitationInput, MemberRole, SaveCompanyAddressesInput, SpendingLimits, UpdateBillingEmailInput, UpdateMemberInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';

/** A company's members: invitations by the owner, accepted by the invited address; the owner sets roles and limits and removes members. */
const companyBuyersApi = api.injectEndpoints({
  endpoints: (build) => ({
    createInvitation: build.mutation<{ code: string }, CreateInvitationInput>({
      queryFn: (input) => queryResult(() => callFunction<CreateInvitationInput, { code: string }>('createInvitation', input), 'The invitation could not be created. Please try again.'),
    }),
    acceptInvitation: build.mutation<{ companyId: string }, AcceptInvitationInput>({
      queryFn: (input) => queryResult(() => callFunction<AcceptInvitationInput, { companyId: string }>('acceptInvitation', input), 'The invitation could not be accepted. Please try again.'),
      // The profile now names the company, whose prices and terms apply.
      invalidatesTags: ['Profile', 'Company', 'Order'],
    }),
    saveCompanyAddresses: build.mutation<{ companyId: string }, SaveCompanyAddressesInput>({
      queryFn: (input) => queryResult(() => callFunction<SaveCompanyAddressesInput, { companyId: string }>('saveCompanyAddresses', input), 'The addresses could not be saved. Please try again.'),
      invalidatesTags: ['Company'],
    }),
    updateBillingEmail: build.mutation<{ companyId: string; billingEmail: string }, UpdateBillingEmailInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<UpdateBillingEmailInput, { companyId: string; billingEmail: string }>('updateBillingEmail', input), 'The billing e-mail address could not be saved. Please try again.'),
      invalidatesTags: ['Company'],
    }),
    removeBuyer: build.mutation<{ uid: string }, string>({
      queryFn: (uid) => queryResult(() => callFunction<{ uid: string }, { uid: string }>('removeBuyer', { uid }), 'The buyer could not be removed. Please try again.'),
      invalidatesTags: ['Company'],
    }),
    updateMember: build.mutation<{ uid: string; role: MemberRole } & SpendingLimits, UpdateMemberInput>({
      queryFn: (input) => queryResult(() => callFunction<UpdateMemberInput, { uid: string; role: MemberRole } & SpendingLimits>('updateMember', input), 'The change could not be saved. Please try again.'),
      // The company holds roles and limits; a new approver sees the orders awaiting approval.
      invalidatesTags: ['Company', { type: 'Order', id: 'APPROVALS' }],
    }),
  }),
});

export const { useCreateInvitationMutation, useAcceptInvitationMutation, useRemoveBuyerMutation, useSaveCompanyAddressesMutation, useUpdateMemberMutation } = companyBuyersApi;
export const { useUpdateBillingEmailMutation } = companyBuyersApi;
