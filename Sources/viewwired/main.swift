print("viewwired")
