CREATE INDEX "analytics_sales_customers_counted" ON "analytics_sales_customers" USING btree ("account_id","status_id","span","start");--> statement-breakpoint
CREATE INDEX "analytics_sales_products_counted" ON "analytics_sales_products" USING btree ("account_id","status_id","span","start");--> statement-breakpoint
CREATE INDEX "analytics_sales_products_product" ON "analytics_sales_products" USING btree ("account_id","product_id","span","start");
--> statement-breakpoint
-- A 'year' span beside 'day' and 'month': a year's report reads one row per key for each whole year and adds or takes
-- away the months and days at its edges (server/modules/analytics/spans.ts), instead of twelve month rows per key.
-- The functions are those of migration analytics_rollups with the year row written alongside.
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
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
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
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
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
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
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
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
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
    INSERT INTO analytics_sales_products AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
    SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.product_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
    FROM product_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_sales_products_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions
    RETURNING 1
  )
  INSERT INTO analytics_sales_customers AS r (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT d.account_id, sp.span, sp.start, d.status_id, d.crm_status, d.pipeline_id, d.user_id, d.company_id, d.contact_id, sum(d.q), sum(d.s), sum(d.c), sum(d.orders), sum(d.positions)
  FROM customer_deltas d CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date), ('year', date_trunc('year', d.day)::date)) AS sp(span, start)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.q) <> 0 OR sum(d.s) <> 0 OR sum(d.c) <> 0 OR sum(d.orders) <> 0 OR sum(d.positions) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ON CONSTRAINT analytics_sales_customers_pk DO UPDATE SET quantity = r.quantity + excluded.quantity, sum = r.sum + excluded.sum, cost_sum = r.cost_sum + excluded.cost_sum, orders = r.orders + excluded.orders, positions = r.positions + excluded.positions;
  RETURN OLD;
END
$$;
--> statement-breakpoint
INSERT INTO analytics_sales_products (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, quantity, sum, cost_sum, orders, positions)
  SELECT account_id, 'year', date_trunc('year', start)::date, status_id, crm_status, pipeline_id, user_id, product_id, sum(quantity), sum(sum), sum(cost_sum), sum(orders), sum(positions)
  FROM analytics_sales_products WHERE span = 'month' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO analytics_sales_customers (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, quantity, sum, cost_sum, orders, positions)
  SELECT account_id, 'year', date_trunc('year', start)::date, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, sum(quantity), sum(sum), sum(cost_sum), sum(orders), sum(positions)
  FROM analytics_sales_customers WHERE span = 'month' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
