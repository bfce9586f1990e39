import Type from 'typebox';

/** POST profile/sessions/revoke-others: every other session of the user ends; this one stays. */
export const RevokeOthersResponse = Type.Object({ success: Type.Boolean(), revoked: Type.Integer({ minimum: 0 }) });
export type RevokeOthersResponse = Type.Static<typeof RevokeOthersResponse>;
