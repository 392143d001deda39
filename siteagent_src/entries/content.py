console.log('content')
