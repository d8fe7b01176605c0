// A 2-D view with class template argument deduction (View v{&tile[0][0], 32}
// deduces View<int> through its guide): it spells the row pitch itself, so v(tx, j) means
// tile[tx][j] only in the declared layout.
// launch: rt3_39_ctad_view 2 32x8
template <typename T>
struct View {
    T *p;
    int ld;
    __device__ T &operator()(int r, int c) const { return p[r * ld + c]; }
};
template <typename T>
View(T *, int) -> View<T>;  // C++17 deduces an aggregate's arguments through a guide only
__global__ void rt3_39_ctad_view(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    View v{&tile[0][0], 32};
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = v(tx, j) + tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_39_ctad_view<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
