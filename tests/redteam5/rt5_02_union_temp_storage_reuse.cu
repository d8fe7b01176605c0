// CUB-style TempStorage union reused between phases: phase one exchanges
// keys through a 2-D member of a struct (a transposed read), phase two reads
// the same bytes through the union's flat member at a permuted slot. A
// layout change of the 2-D member moves what the flat member sees.
// launch: rt5_02_union_reuse 2 32x8
union TempStorage {
    struct { int keys[8][32]; } load;
    int scan[256];
};
__global__ void rt5_02_union_reuse(const int *in, int *out, int p) {
    __shared__ TempStorage temp_storage;
    const int x = threadIdx.x, y = threadIdx.y, tid = y * 32 + x;
    temp_storage.load.keys[y][x] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    const int a = temp_storage.load.keys[x % 8][y * 4 + x / 8];
    const int b = temp_storage.scan[(tid * 33) & 255];
    out[blockIdx.x * 256 + tid] = a * 2048 + b;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_02_union_reuse<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
