ALTER TABLE "analytics_movement_days" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sales_customers" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sales_products" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_movement_days" DROP CONSTRAINT "analytics_movement_days_pk";
--> statement-breakpoint
ALTER TABLE "analytics_movement_days" ADD CONSTRAINT "analytics_movement_days_pk" PRIMARY KEY("account_id","day","event_type","initial_warehouse_id","final_warehouse_id","user_id","slot");--> statement-breakpoint
ALTER TABLE "analytics_sales_customers" DROP CONSTRAINT "analytics_sales_customers_pk";
--> statement-breakpoint
ALTER TABLE "analytics_sales_customers" ADD CONSTRAINT "analytics_sales_customers_pk" PRIMARY KEY("account_id","span","start","status_id","crm_status","pipeline_id","user_id","company_id","contact_id","slot");--> statement-breakpoint
ALTER TABLE "analytics_sales_products" DROP CONSTRAINT "analytics_sales_products_pk";
--> statement-breakpoint
ALTER TABLE "analytics_sales_products" ADD CONSTRAINT "analytics_sales_products_pk" PRIMARY KEY("account_id","span","start","status_id","crm_status","pipeline_id","user_id","product_id","slot");
--> statement-breakpoint
-- The three analytics rollups gain the writer's slot (pg_backend_pid() % 8), as stock_totals (0036) and order_counts
-- (0039): every add to deal wrote the same day, month and year rows of its stage and customer, and concurrent adds
-- waited on those row locks. Rows kept so far stay in slot 0. A slot's figures may go below zero (a position added in
-- one slot and removed from another); readers sum over slots and filter on the sums.
CREATE OR REPLACE FUNCTION "analytics_sales_positions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  WITH changes AS (SELECT order_id, product_id, 1 AS n, quantity AS q, round(price * quantity, 2) AS s, round(cost_price * quantity, 2) AS c FROM new_rows),
  pairs AS (
    SELECT order_id, product_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM changes GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 OR sum(c) <> 0
  ),
  dims AS (SELECT o.id AS order_id, o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.status_id, 0) AS status_id, coalesce(o.crm_status, -1) AS crm_status, coalesce(o.pipeline_id, 0) AS pipeline_id, coalesce(o.user_id, 0) AS user_id, coalesce(o.company_id, 0) AS company_id, coalesce(o.contact_id, 0) AS contact_id FROM orders o WHERE o.id IN (SELECT order_id FROM pairs)),
  product_deltas AS (
    SELECT d.*, pr.product_id, pr.q, pr.s, pr.c, pr.n AS positions, (kept.n > 0)::int - (kept.n - pr.n > 0)::int AS orders
    FROM pairs pr JOIN dims d ON d.order_id = pr.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = pr.order_id AND x.product_id = pr.product_id) AS kept
  ),
  order_sums AS (SELECT order_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM pairs GROUP BY 1),
  customer_deltas AS (
    SELECT d.*, os.q, os.s, os.c, os.n AS positions, (kept.n > 0)::int - (kept.n - os.n > 0)::int AS orders
    FROM order_sums os JOIN dims d ON d.order_id = os.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = os.order_id) AS kept
  ),
  product_rows AS (
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  ELSIF TG_OP = 'DELETE' THEN
  WITH changes AS (SELECT order_id, product_id, -1 AS n, -quantity AS q, -round(price * quantity, 2) AS s, -round(cost_price * quantity, 2) AS c FROM old_rows),
  pairs AS (
    SELECT order_id, product_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM changes GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 OR sum(c) <> 0
  ),
  dims AS (SELECT o.id AS order_id, o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.status_id, 0) AS status_id, coalesce(o.crm_status, -1) AS crm_status, coalesce(o.pipeline_id, 0) AS pipeline_id, coalesce(o.user_id, 0) AS user_id, coalesce(o.company_id, 0) AS company_id, coalesce(o.contact_id, 0) AS contact_id FROM orders o WHERE o.id IN (SELECT order_id FROM pairs)),
  product_deltas AS (
    SELECT d.*, pr.product_id, pr.q, pr.s, pr.c, pr.n AS positions, (kept.n > 0)::int - (kept.n - pr.n > 0)::int AS orders
    FROM pairs pr JOIN dims d ON d.order_id = pr.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = pr.order_id AND x.product_id = pr.product_id) AS kept
  ),
  order_sums AS (SELECT order_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM pairs GROUP BY 1),
  customer_deltas AS (
    SELECT d.*, os.q, os.s, os.c, os.n AS positions, (kept.n > 0)::int - (kept.n - os.n > 0)::int AS orders
    FROM order_sums os JOIN dims d ON d.order_id = os.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = os.order_id) AS kept
  ),
  product_rows AS (
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  ELSE
  WITH changes AS (SELECT order_id, product_id, 1 AS n, quantity AS q, round(price * quantity, 2) AS s, round(cost_price * quantity, 2) AS c FROM new_rows UNION ALL SELECT order_id, product_id, -1 AS n, -quantity AS q, -round(price * quantity, 2) AS s, -round(cost_price * quantity, 2) AS c FROM old_rows),
  pairs AS (
    SELECT order_id, product_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM changes GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 OR sum(c) <> 0
  ),
  dims AS (SELECT o.id AS order_id, o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.status_id, 0) AS status_id, coalesce(o.crm_status, -1) AS crm_status, coalesce(o.pipeline_id, 0) AS pipeline_id, coalesce(o.user_id, 0) AS user_id, coalesce(o.company_id, 0) AS company_id, coalesce(o.contact_id, 0) AS contact_id FROM orders o WHERE o.id IN (SELECT order_id FROM pairs)),
  product_deltas AS (
    SELECT d.*, pr.product_id, pr.q, pr.s, pr.c, pr.n AS positions, (kept.n > 0)::int - (kept.n - pr.n > 0)::int AS orders
    FROM pairs pr JOIN dims d ON d.order_id = pr.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = pr.order_id AND x.product_id = pr.product_id) AS kept
  ),
  order_sums AS (SELECT order_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM pairs GROUP BY 1),
  customer_deltas AS (
    SELECT d.*, os.q, os.s, os.c, os.n AS positions, (kept.n > 0)::int - (kept.n - os.n > 0)::int AS orders
    FROM order_sums os JOIN dims d ON d.order_id = os.order_id
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_positions x WHERE x.order_id = os.order_id) AS kept
  ),
  product_rows AS (
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_sales_orders_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.account_id, (o.created_at AT TIME ZONE 'UTC')::date, o.status_id, o.crm_status, o.pipeline_id, o.user_id, o.company_id, o.contact_id) IS DISTINCT FROM (n.account_id, (n.created_at AT TIME ZONE 'UTC')::date, n.status_id, n.crm_status, n.pipeline_id, n.user_id, n.company_id, n.contact_id)),
  sides AS (SELECT 1 AS sign, n.id AS order_id, n.account_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(n.status_id, 0) AS status_id, coalesce(n.crm_status, -1) AS crm_status, coalesce(n.pipeline_id, 0) AS pipeline_id, coalesce(n.user_id, 0) AS user_id, coalesce(n.company_id, 0) AS company_id, coalesce(n.contact_id, 0) AS contact_id FROM new_rows n WHERE n.id IN (SELECT id FROM moved) UNION ALL SELECT -1, o.id AS order_id, o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.status_id, 0) AS status_id, coalesce(o.crm_status, -1) AS crm_status, coalesce(o.pipeline_id, 0) AS pipeline_id, coalesce(o.user_id, 0) AS user_id, coalesce(o.company_id, 0) AS company_id, coalesce(o.contact_id, 0) AS contact_id FROM old_rows o WHERE o.id IN (SELECT id FROM moved)),
  lines AS (
    SELECT p.order_id, p.product_id, count(*) AS n, sum(p.quantity) AS q, sum(round(p.price * p.quantity, 2)) AS s, sum(round(p.cost_price * p.quantity, 2)) AS c
    FROM order_positions p WHERE p.order_id IN (SELECT id FROM moved) GROUP BY 1, 2
  ),
  order_lines AS (SELECT order_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM lines GROUP BY 1),
  product_deltas AS (
    SELECT sd.account_id, sd.day, sd.status_id, sd.crm_status, sd.pipeline_id, sd.user_id, l.product_id,
           sd.sign * l.q AS q, sd.sign * l.s AS s, sd.sign * l.c AS c, sd.sign * l.n AS positions, sd.sign AS orders
    FROM sides sd JOIN lines l ON l.order_id = sd.order_id
  ),
  customer_deltas AS (
    SELECT sd.account_id, sd.day, sd.status_id, sd.crm_status, sd.pipeline_id, sd.user_id, sd.company_id, sd.contact_id,
           sd.sign * l.q AS q, sd.sign * l.s AS s, sd.sign * l.c AS c, sd.sign * l.n AS positions, sd.sign AS orders
    FROM sides sd JOIN order_lines l ON l.order_id = sd.order_id
  ),
  product_rows AS (
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_sales_order_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id) THEN
    RETURN OLD;
  END IF;
  WITH sides AS (SELECT -1 AS sign, OLD.id AS order_id, OLD.account_id, (OLD.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(OLD.status_id, 0) AS status_id, coalesce(OLD.crm_status, -1) AS crm_status, coalesce(OLD.pipeline_id, 0) AS pipeline_id, coalesce(OLD.user_id, 0) AS user_id, coalesce(OLD.company_id, 0) AS company_id, coalesce(OLD.contact_id, 0) AS contact_id),
  lines AS (
    SELECT p.order_id, p.product_id, count(*) AS n, sum(p.quantity) AS q, sum(round(p.price * p.quantity, 2)) AS s, sum(round(p.cost_price * p.quantity, 2)) AS c
    FROM order_positions p WHERE p.order_id IN (OLD.id) GROUP BY 1, 2
  ),
  order_lines AS (SELECT order_id, sum(n) AS n, sum(q) AS q, sum(s) AS s, sum(c) AS c FROM lines GROUP BY 1),
  product_deltas AS (
    SELECT sd.account_id, sd.day, sd.status_id, sd.crm_status, sd.pipeline_id, sd.user_id, l.product_id,
           sd.sign * l.q AS q, sd.sign * l.s AS s, sd.sign * l.c AS c, sd.sign * l.n AS positions, sd.sign AS orders
    FROM sides sd JOIN lines l ON l.order_id = sd.order_id
  ),
  customer_deltas AS (
    SELECT sd.account_id, sd.day, sd.status_id, sd.crm_status, sd.pipeline_id, sd.user_id, sd.company_id, sd.contact_id,
           sd.sign * l.q AS q, sd.sign * l.s AS s, sd.sign * l.c AS c, sd.sign * l.n AS positions, sd.sign AS orders
    FROM sides sd JOIN order_lines l ON l.order_id = sd.order_id
  ),
  product_rows AS (
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, pg_backend_pid() % 8, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_movement_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_movement_days AS r (account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, slot, rows, quantity, sum)
    SELECT account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, pg_backend_pid() % 8, sum(n), sum(q), sum(s) FROM (SELECT account_id, (event_date AT TIME ZONE 'UTC')::date AS day, event_type, coalesce(initial_warehouse_id, 0) AS initial_warehouse_id, coalesce(final_warehouse_id, 0) AS final_warehouse_id, coalesce(user_id, 0) AS user_id, 1 AS n, quantity AS q, sum AS s FROM new_rows) AS changes
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT analytics_movement_days_pk DO UPDATE SET rows = r.rows + excluded.rows, quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_movement_days AS r (account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, slot, rows, quantity, sum)
    SELECT account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, pg_backend_pid() % 8, sum(n), sum(q), sum(s) FROM (SELECT account_id, (event_date AT TIME ZONE 'UTC')::date AS day, event_type, coalesce(initial_warehouse_id, 0) AS initial_warehouse_id, coalesce(final_warehouse_id, 0) AS final_warehouse_id, coalesce(user_id, 0) AS user_id, -1 AS n, -quantity AS q, -sum AS s FROM old_rows) AS changes
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT analytics_movement_days_pk DO UPDATE SET rows = r.rows + excluded.rows, quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum;
  ELSE
    INSERT INTO analytics_movement_days AS r (account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, slot, rows, quantity, sum)
    SELECT account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, pg_backend_pid() % 8, sum(n), sum(q), sum(s) FROM (SELECT account_id, (event_date AT TIME ZONE 'UTC')::date AS day, event_type, coalesce(initial_warehouse_id, 0) AS initial_warehouse_id, coalesce(final_warehouse_id, 0) AS final_warehouse_id, coalesce(user_id, 0) AS user_id, 1 AS n, quantity AS q, sum AS s FROM new_rows UNION ALL SELECT account_id, (event_date AT TIME ZONE 'UTC')::date AS day, event_type, coalesce(initial_warehouse_id, 0) AS initial_warehouse_id, coalesce(final_warehouse_id, 0) AS final_warehouse_id, coalesce(user_id, 0) AS user_id, -1 AS n, -quantity AS q, -sum AS s FROM old_rows) AS changes
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT analytics_movement_days_pk DO UPDATE SET rows = r.rows + excluded.rows, quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum;
  END IF;
  RETURN NULL;
END
$$;
