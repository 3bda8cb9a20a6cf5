print("viewwire")
