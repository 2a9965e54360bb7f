import { type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 010_buses_devices (issue 11, School buses and Devices): bus seats, riders with their station and round-trip
 * distance (fee band), bus trips (who boarded / got off, per day and trip), face devices with their own secret,
 * device events (recorded once per device and event id, refused ones logged), surveillance cameras and student
 * IC cards (issued, lost, replaced; unique per kindergarten). Decisions: docs/sections/buses-devices.md.
 */
export function busesDevicesMigration(dialect: DialectName): Migration {
  const idCol = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("buses").addColumn("seats", "integer").execute();

      await idCol(db.schema.createTable("bus_riders").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("bus_id", "integer", (c) => c.notNull().references("buses.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().unique().references("students.id"))
        .addColumn("station", "text", (c) => c.notNull())
        .addColumn("distance_km", "double precision", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("bus_riders_bus_idx").ifNotExists().on("bus_riders").column("bus_id").execute();

      await idCol(db.schema.createTable("bus_rides").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("bus_id", "integer", (c) => c.notNull())
        .addColumn("student_id", "integer", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("trip", "text", (c) => c.notNull())
        .addColumn("station", "text")
        .addColumn("boarded_at", "text")
        .addColumn("alighted_at", "text")
        .addColumn("updated_by", "integer")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("bus_rides_student_day_trip_uq", ["student_id", "date", "trip"])
        .execute();
      await db.schema.createIndex("bus_rides_bus_date_idx").ifNotExists().on("bus_rides").columns(["bus_id", "date"]).execute();

      await idCol(db.schema.createTable("devices").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("serial_no", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("secret_hash", "text", (c) => c.notNull())
        .addColumn("last_heartbeat_at", "text")
        .addColumn("last_event_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("devices_kg_idx").ifNotExists().on("devices").columns(["kindergarten_id", "kind"]).execute();

      await idCol(db.schema.createTable("device_events").ifNotExists())
        .addColumn("device_id", "integer", (c) => c.notNull())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("event_id", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("student_id", "integer")
        .addColumn("card_no", "text")
        .addColumn("occurred_at", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addUniqueConstraint("device_events_device_event_uq", ["device_id", "event_id"])
        .execute();
      await db.schema.createIndex("device_events_student_idx").ifNotExists().on("device_events").columns(["student_id", "occurred_at"]).execute();

      await idCol(db.schema.createTable("cameras").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("live_url", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await idCol(db.schema.createTable("student_ic_cards").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("card_no", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("lost_at", "text")
        .addUniqueConstraint("student_ic_cards_kg_card_uq", ["kindergarten_id", "card_no"])
        .execute();
      await db.schema.createIndex("student_ic_cards_student_idx").ifNotExists().on("student_ic_cards").column("student_id").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
