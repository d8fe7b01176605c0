// A pointer to an array member (int (Rows::*m)[32] = &Rows::a) applied to
// shared structs, then indexed one past the member's end: into member b.
// launch: rt3_135_pointer_to_member_array 2 32x8
struct Rows {
    int a[32];
    int b[32];
};
static __global__ void rt3_135_pointer_to_member_array(const int *in, int *out, int p) {
    __shared__ Rows s[8];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    s[ty].a[tx] = in[blockIdx.x * 512 + tid] & 4095;
    s[ty].b[tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int (Rows::*m)[32] = &Rows::a;
    out[blockIdx.x * 256 + tid] = (s[ty].*m)[tx] + 2 * (&(s[ty].*m)[0])[tx + 32] + s[tx % 8].b[ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_135_pointer_to_member_array<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
