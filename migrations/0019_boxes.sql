-- Boxes of cheques: an order kind (create_order_table, 0014).
SELECT create_order_table('boxes');
