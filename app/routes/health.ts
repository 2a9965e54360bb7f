/**
 * GET /health: the console process answers (the Dockerfile's HEALTHCHECK and a load balancer's probe). It does not
 * ask the API: the API has its own /health, and a console that cannot reach it still serves its error pages.
 */
export const loader = () => new Response(JSON.stringify({ status: "ok" }), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
