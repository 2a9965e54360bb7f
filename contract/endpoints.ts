/**
 * Endpoint paths of the school API, relative to the base address. Section 7 fixes the first group;
 * the rest follow the same style.
 */
export const Endpoints = {
  login: "token/login",
  logout: "token/logout",
  info: "token/info",
  switchRole: (id: number) => `token/role/${id}`,
  switchKindergarten: (id: number) => `token/kindergarten/${id}`,
  sts: "token/sts",
  loginWechat: "token/login_wechat",
  principalsKindergartens: "users/principals/kindergartens/",
  principalKindergarten: (id: number) => `users/principals/kindergartens/${id}/`,
  proTeachersKindergartens: "users/pro_teachers/kindergartens/",
  proTeacherKindergarten: (id: number) => `users/pro_teachers/kindergartens/${id}/`,
  // Registration and password reset.
  registerKindergarten: "register/kindergarten",
  registerClasses: "register/classes",
  smsCode: "sms/code",
  register: "register",
  forgotPassword: "password/forgot",
  resetPassword: "password/reset",
  // Local stand-ins (development and tests).
  /** GET ?redirect_uri=…&state=…: the local WeChat authorisation page (WECHAT_PROVIDER=sandbox only). */
  wechatSandboxAuthorize: "wechat-sandbox/authorize",
  /** PUT uploads/{bucket}/{key} with header x-security-token (credentials of token/sts). */
  upload: (bucket: string, key: string) => `uploads/${bucket}/${key}`,
  /** Machine-readable API description and its readable page. */
  openapi: "openapi.json",
  docs: "docs",
} as const;
