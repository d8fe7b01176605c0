// CUB-style block exchange: a policy struct with static constexpr members, a
// TempStorage struct of __shared__ arrays passed by reference to a class.
// launch: rt01_exchange<64,4> 2 64x1
template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_>
struct ExchangePolicy {
    static constexpr int BLOCK_THREADS = BLOCK_THREADS_;
    static constexpr int ITEMS_PER_THREAD = ITEMS_PER_THREAD_;
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
};

template <typename Policy>
class BlockExchange {
public:
    struct TempStorage { int buf[Policy::ITEMS_PER_THREAD][Policy::BLOCK_THREADS]; };
    __device__ explicit BlockExchange(TempStorage &t) : temp(t) {}
    __device__ void StripedToBlocked(int (&items)[Policy::ITEMS_PER_THREAD], int tid) {
#pragma unroll
        for (int i = 0; i < Policy::ITEMS_PER_THREAD; ++i) temp.buf[i][tid] = items[i];
        __syncthreads();
#pragma unroll
        for (int i = 0; i < Policy::ITEMS_PER_THREAD; ++i) {
            int flat = tid * Policy::ITEMS_PER_THREAD + i;
            items[i] = temp.buf[flat % Policy::ITEMS_PER_THREAD][flat / Policy::ITEMS_PER_THREAD];
        }
    }
private:
    TempStorage &temp;
};

template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void rt01_exchange(const int *in, int *out, int p) {
    using Policy = ExchangePolicy<BLOCK_THREADS, ITEMS_PER_THREAD>;
    using Exchange = BlockExchange<Policy>;
    __shared__ typename Exchange::TempStorage storage;
    int items[Policy::ITEMS_PER_THREAD];
    const int tid = threadIdx.x;
    for (int i = 0; i < Policy::ITEMS_PER_THREAD; ++i)
        items[i] = in[blockIdx.x * Policy::TILE_ITEMS + i * Policy::BLOCK_THREADS + tid];
    Exchange(storage).StripedToBlocked(items, tid);
    for (int i = 0; i < Policy::ITEMS_PER_THREAD; ++i)
        out[blockIdx.x * Policy::TILE_ITEMS + tid * Policy::ITEMS_PER_THREAD + i] = items[i] + p;
}

#ifdef __CUDACC__
template <typename Policy>
void run_exchange(const int *in, int *out, int blocks) {
    rt01_exchange<Policy::BLOCK_THREADS, Policy::ITEMS_PER_THREAD><<<blocks, Policy::BLOCK_THREADS>>>(in, out, 0);
}
void launch_all(const int *in, int *out) { run_exchange<ExchangePolicy<64, 4>>(in, out, 2); }
#endif
