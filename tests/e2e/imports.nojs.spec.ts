import { importTests } from "./imports";

importTests(false);
