import { CATEGORIES, ROLE_NAMES } from '../access/access.matrix.ts'
import { Body, Email, named, Out, StringEnum, Type, Uuid } from '../../http/schema-kit.ts'

export const RoleName = StringEnum(ROLE_NAMES)
export const RoleRef = named('RoleRef', Out({ id: Uuid(), name: RoleName }))

export const LoginRequest = named('LoginRequest', Body({
  email: Email(),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}))

export const DemoLoginRequest = named('DemoLoginRequest', Body({ userId: Uuid() }))

export const ActivateRequest = named('ActivateRequest', Body({
  token: Type.String({ minLength: 10, maxLength: 256, description: 'Activation token from the invitation link.' }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
}))

export const AuthUser = named('AuthUser', Out({
  id: Uuid(),
  email: Type.String({ format: 'email' }),
  displayName: Type.String(),
  role: RoleRef,
  isDemo: Type.Boolean(),
}))

export const AuthResponse = named('AuthResponse', Out({
  accessToken: Type.String({ description: 'Bearer token (JWT, HS256).' }),
  user: AuthUser,
}))

export const DemoAccount = named('DemoAccount', Out({
  id: Uuid(),
  displayName: Type.String(),
  roleName: RoleName,
  initials: Type.String({ minLength: 1, maxLength: 3 }),
}))

export const DemoAccountsResponse = named('DemoAccountsResponse', Out({ accounts: Type.Array(DemoAccount) }))

export const PermissionEntry = named('PermissionEntry', Out({
  objectCategory: StringEnum(CATEGORIES),
  canView: Type.Boolean(),
  canViewOther: Type.Boolean(),
  canCreate: Type.Boolean(),
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
}))

export const MeResponse = named('MeResponse', Out({
  id: Uuid(),
  email: Type.String({ format: 'email' }),
  displayName: Type.String(),
  role: RoleRef,
  isDemo: Type.Boolean(),
  permissions: Type.Array(PermissionEntry),
}))
