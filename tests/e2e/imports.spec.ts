import { importTests } from "./imports";

importTests(true);
