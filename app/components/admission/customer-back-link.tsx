import { Link } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/utils/i18n-react";

/**
 * A list of communications or appointments narrowed to one customer (`?customerId=`, as the customer's page's
 * "record a communication" and "book an appointment" come back to it once saved): the way back to that customer.
 */
const CUSTOMERS_PAGE = "/admission/customerList";

export function CustomerBackLink({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation("admission");
  const id = query.customerId ?? "";
  if (!/^\d{1,12}$/.test(id)) return null;
  return (
    <Link to={`${CUSTOMERS_PAGE}/${id}`} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="customer-back">
      {t("customers.followUp.back")}
    </Link>
  );
}
