import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/** Section 5: MAC address format xx:xx:xx:xx:xx:xx (hex, either case); section 9: at most 5 per setting. */
export const MAC_RE = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;
export const MAX_MACS = 5;

/** The MAC field as typed: one address per line (commas, semicolons and spaces also separate). */
export const splitMacs = (raw: string | null | undefined) =>
  (raw ?? "")
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * MAC addresses: a field-level message naming each bad entry (its position and text) and refusing a
 * sixth address; the output is the list in lower case.
 */
export const macAddressesField = () =>
  z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const list = splitMacs(raw);
      list.forEach((v, i) => {
        if (!MAC_RE.test(v))
          ctx.addIssue({ code: "custom", message: `kgmgmt:punchSettings.errors.mac#index=${i + 1}&value=${encodeURIComponent(v.slice(0, 40))}` });
      });
      if (list.length > MAX_MACS) ctx.addIssue({ code: "custom", message: `kgmgmt:punchSettings.errors.tooManyMacs#max=${MAX_MACS}&count=${list.length}` });
      return list.map((v) => v.toLowerCase());
    });

export const punchSettingForm = z
  .object({
    wifiName: fields.text({ max: 32, message: "kgmgmt:punchSettings.errors.wifiRequired" }),
    macAddresses: macAddressesField(),
    workStart: fields.time("kgmgmt:punchSettings.errors.workStartRequired"),
    workEnd: fields.time("kgmgmt:punchSettings.errors.workEndRequired"),
    enabled: fields.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.workStart && v.workEnd && v.workEnd <= v.workStart)
      ctx.addIssue({ code: "custom", path: ["workEnd"], message: "kgmgmt:punchSettings.errors.endBeforeStart" });
  });

export const punchSettingItem = z.object({
  id: z.number().int(),
  kindergartenId: z.number().int(),
  kindergartenName: z.string(),
  wifiName: z.string().nullable(),
  macAddresses: z.array(z.string()),
  workStart: z.string(),
  workEnd: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PunchSetting = z.infer<typeof punchSettingItem>;

/**
 * /kindergarten/punch_setting: the punch-in setting of the current kindergarten — ONE row per
 * kindergarten (the kindergarten admin edits it in place; there is no list). Served by
 * `GET/PUT kindergartens/punch_setting/` (api/resources/punch-settings.ts); the console renders the
 * generic resource form with this definition.
 */
export const punchSettings = defineResource({
  name: "punchSettings",
  title: "kgmgmt:punchSettings.title",
  one: "kgmgmt:punchSettings.one",
  endpoint: "kindergartens/punch_setting/",
  page: "/kindergarten/punch_setting",
  can: { create: [], delete: [], change: [Role.kindergartenAdmin] },
  item: punchSettingItem,
  form: punchSettingForm,
  labelField: "wifiName",
  columns: [],
  defaultSort: "id",
  formGroups: [
    {
      fields: [
        { name: "wifiName", label: "kgmgmt:punchSettings.fields.wifiName", kind: "text" },
        { name: "enabled", label: "kgmgmt:punchSettings.fields.enabled", kind: "boolean", help: "kgmgmt:punchSettings.help.enabled" },
        { name: "workStart", label: "kgmgmt:punchSettings.fields.workStart", kind: "time" },
        { name: "workEnd", label: "kgmgmt:punchSettings.fields.workEnd", kind: "time" },
        {
          name: "macAddresses",
          label: "kgmgmt:punchSettings.fields.macAddresses",
          kind: "textarea",
          wide: true,
          placeholder: "kgmgmt:punchSettings.placeholders.macAddresses",
          help: "kgmgmt:punchSettings.help.macAddresses",
        },
      ],
    },
  ],
  bulkDelete: false,
});
