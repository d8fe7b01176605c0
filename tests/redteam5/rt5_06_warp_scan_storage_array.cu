// CUB-style per-warp storage: `__shared__ typename WarpStore::TempStorage
// temp[WARPS]`, an array of structs each holding one warp's row; each warp
// writes its own, and a thread then reads a column across the warps' rows.
// launch: rt5_06_warp_storage 2 32x8
struct WarpStore {
    struct TempStorage { int items[32]; };
    TempStorage &storage;
    __device__ explicit WarpStore(TempStorage &s) : storage(s) {}
    __device__ void put(int lane, int v) { storage.items[lane] = v; }
};
__global__ void rt5_06_warp_storage(const int *in, int *out, int p) {
    __shared__ WarpStore::TempStorage temp[8];
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int lane = tid % 32, warp = tid / 32;
    WarpStore(temp[warp]).put(lane, in[blockIdx.x * 256 + tid] & 1023);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = temp[lane & 7].items[warp * 4 + (lane >> 3)] * 3 + temp[warp].items[31 - lane];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_06_warp_storage<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
