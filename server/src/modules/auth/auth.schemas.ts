import { CATEGORIES, ROLE_NAMES } from '../access/access.matrix.ts'
import { Body, Email, List, named, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const RoleName = StringEnum(ROLE_NAMES)
export const RoleRef = named('RoleRef', Out({ id: Uuid(), name: RoleName }))

export const LoginRequest = named('LoginRequest', Body({
  email: Email(),
  password: Text(1024, { minLength: 1, format: 'password' }),
}))

export const DemoLoginRequest = named('DemoLoginRequest', Body({ userId: Uuid() }))

export const ActivateRequest = named('ActivateRequest', Body({
  token: Text(256, { minLength: 10, pattern: '^[A-Za-z0-9_-]+$', description: 'Activation token from the invitation link.' }),
  password: Text(1024, { minLength: 8, format: 'password' }),
}))

export const AuthUser = named('AuthUser', Out({
  id: Uuid(),
  email: Email(),
  displayName: Text(120),
  role: RoleRef,
  isDemo: Type.Boolean(),
}))

export const AuthResponse = named('AuthResponse', Out({
  accessToken: Text(2048, { pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', description: 'Bearer token (JWT, HS256).' }),
  user: AuthUser,
}))

export const DemoAccount = named('DemoAccount', Out({
  id: Uuid(),
  displayName: Text(120),
  roleName: RoleName,
  initials: Text(3, { minLength: 1 }),
}))

export const DemoAccountsResponse = named('DemoAccountsResponse', Out({ accounts: List(DemoAccount, 50) }))

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
  email: Email(),
  displayName: Text(120),
  role: RoleRef,
  isDemo: Type.Boolean(),
  permissions: List(PermissionEntry, 10),
}))
